"""Small reference games that exercise the kernel (and test the conformance kit)."""

from .kuhn_poker import KuhnPoker, KuhnState

__all__ = ["KuhnPoker", "KuhnState"]
