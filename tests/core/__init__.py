"""Tests of the rules core, and a toy game that implements the Game protocol."""
