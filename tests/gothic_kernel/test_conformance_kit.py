"""The conformance kit passes the reference game and catches each broken variant."""

from __future__ import annotations

import pytest

from gothic_kernel.reference import KuhnPoker
from gothic_kernel.reference.kuhn_poker import KuhnState
from gothic_kernel.testing import ConformanceError, check_game

from .broken_kuhn import (
    AliasedObservationState,
    CrashingLabelState,
    EnumObservationState,
    HiddenOrderState,
    IdleResampler,
    LeakyErrorState,
    LeakyLabelState,
    LeakyPromptState,
    LeakyState,
    MutatingState,
    NondeterministicGame,
    SameLabelState,
    UnlistedAcceptingState,
    ViewerChangingResampler,
    variant,
)


def test_the_reference_game_conforms() -> None:
    report = check_game(KuhnPoker(), seeds=range(40))
    assert report.games == 40 and report.steps >= 80
    assert report.illegal_checked > 0 and report.resamples_varied > 0


@pytest.mark.parametrize(("state_class", "symptom"), [
    (LeakyState, "observation differs"),
    (MutatingState, "changed the state"),
    (ViewerChangingResampler, "observation differs"),
    (IdleResampler, "resample never changed anything hidden"),
    (LeakyErrorState, "the error for"),
    (UnlistedAcceptingState, "was accepted, yet it is illegal"),
    (AliasedObservationState, "editing what observation"),
    (HiddenOrderState, "come in another order"),
    (LeakyPromptState, "its prompt differs"),
    (SameLabelState, "both labelled"),
    (LeakyLabelState, "a label tells"),
    (CrashingLabelState, "raised KeyError.* instead of a label or IllegalAction"),
    (EnumObservationState, r"no plain JSON type: to_act is a Turn"),
])
def test_the_kit_catches_a_broken_variant(state_class: type[KuhnState], symptom: str) -> None:
    with pytest.raises(ConformanceError, match=symptom):
        check_game(variant(state_class), seeds=range(20))


def test_the_kit_catches_a_nondeterministic_game() -> None:
    with pytest.raises(ConformanceError, match="replaying the seed"):
        check_game(variant(KuhnState, NondeterministicGame), seeds=range(20))


def test_the_plain_types_check_can_be_left_off_for_a_game_whose_fix_is_pending() -> None:
    check_game(variant(EnumObservationState), seeds=range(5), plain_types=False)
