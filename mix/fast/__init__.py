"""The one fast implementation of each of mix's algorithms that has one, each module named for its
plain twin and naming it in the first line of its docstring; a public call's one explicit
argument (``fast=True``) chooses it, and only that call's plain module imports it."""
