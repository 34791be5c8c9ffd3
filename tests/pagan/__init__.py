"""Tests of the Pagan rules package."""
