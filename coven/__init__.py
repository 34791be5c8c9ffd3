"""The `coven` command line and the jobs it runs (random playouts, catalog listing)."""
