"""Fury of Dracula (1987 rules): a rules engine on the gothic_kernel."""
