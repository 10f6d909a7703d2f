"""The event log: clones share what is written, saves are compact and read back lazily."""

from __future__ import annotations

import gc
import json
import zlib
from collections.abc import Callable
from typing import Any

import pytest

import gothic_kernel as gk
from gothic_kernel import Log, Scope, event
from gothic_kernel.log import LOG_CHUNK, _seal, split_save
from gothic_kernel.reference import KuhnPoker
from gothic_kernel.visibility import scope_code, scope_from_code


def _long_log(entries: int) -> Log:
    log = Log()
    for i in range(entries):
        if i % 3:
            log.say("tick", f"tick {i}", n=i)
        else:
            log.add(event("move", f"Dracula moves to {i}", to=i), Scope.seat("dracula"),
                    event("move", "Dracula moves"))
    return log


def test_a_clone_shares_the_written_entries_and_copies_only_a_short_tail() -> None:
    log = _long_log(10 * LOG_CHUNK + 5)
    twin = log.clone()
    assert twin._chunks is log._chunks and len(twin._tail) == 5
    twin.say("more", "More")
    log.say("other", "Other")
    assert [e["text"] for e in twin.for_viewer("dracula")][-1] == "More"
    assert [e["text"] for e in log.for_viewer("dracula")][-1] == "Other"
    assert len(log) == len(twin) == 10 * LOG_CHUNK + 6
    assert list(log)[: 10 * LOG_CHUNK] == list(twin)[: 10 * LOG_CHUNK]


@pytest.mark.parametrize("entries", [0, 1, LOG_CHUNK - 1, LOG_CHUNK, 3 * LOG_CHUNK + 7])
def test_entries_read_back_in_order_from_any_position(entries: int) -> None:
    log = _long_log(entries)
    texts = [e.event["text"] for e in log]
    assert len(texts) == entries == len(log)
    for start in {0, 1, LOG_CHUNK, entries // 2, entries}:
        assert [e.event["text"] for e in log._since(start)] == texts[start:]
    assert Log(list(log)).to_json() == log.to_json()


def test_the_saved_form_is_compact_and_reads_back() -> None:
    log = _long_log(5)
    saved = log.to_data()
    assert saved[1] == {"kind": "tick", "text": "tick 1", "n": 1}  # a public entry: bare
    assert saved[0][1] == "seat:dracula:dracula" and saved[0][2]["text"] == "Dracula moves"
    back = Log.from_data(json.loads(log.to_json()))
    for viewer in ("dracula", "seward", gk.PUBLIC):
        assert back.for_viewer(viewer) == log.for_viewer(viewer)
    older = Log.from_data([entry.to_data() for entry in log])  # saves of format 1
    assert older.for_viewer("dracula") == log.for_viewer("dracula")


@pytest.mark.parametrize("scope", [
    Scope.public(), Scope.nobody(), Scope.seat("dracula"),
    Scope.side("hunters", ["seward", "godalming"]), Scope.group("trade", ["a", "b"]),
    Scope.group("odd:name", ["a,b", "c"]),
])
def test_scope_codes_read_back(scope: Scope) -> None:
    code = scope_code(scope)
    assert scope_from_code(json.loads(json.dumps(code))) == scope
    if scope.name and ":" in scope.name:
        assert isinstance(code, dict)  # a name that would not survive the code


@pytest.mark.parametrize("code", ["somebody", "seat:a:a,b", "public:x:y", "a:b", 7, None])
def test_a_bad_scope_code_is_refused(code: object) -> None:
    with pytest.raises(ValueError):
        scope_from_code(code)


def _mid_game() -> gk.GameState:
    game = KuhnPoker()
    state = game.new_game(seed=4)
    state.apply("first", state.legal_actions("first")[0])
    return state


def test_a_loaded_log_is_read_only_when_first_used() -> None:
    state = _mid_game()
    text = state.to_json()
    loaded = state.game.from_json(text)
    assert isinstance(loaded, gk.LoggedState)
    assert loaded.events._saved is not None  # not parsed yet
    assert loaded.to_json() == text  # saving again needs no parsing either
    twin = loaded.clone()
    assert twin.log("first") == state.log("first")  # read now
    assert loaded.log(gk.PUBLIC) == state.log(gk.PUBLIC) and len(loaded.events) == 3
    loaded.apply("second", loaded.legal_actions("second")[0])
    state.apply("second", state.legal_actions("second")[0])
    assert loaded.to_json() == state.to_json()


def test_a_loaded_log_takes_new_entries_before_it_is_read() -> None:
    state = _mid_game()
    loaded = state.game.from_json(state.to_json())
    assert isinstance(loaded, gk.LoggedState)
    loaded.apply("second", loaded.legal_actions("second")[0])
    state.apply("second", state.legal_actions("second")[0])
    assert loaded.events._saved is not None and len(loaded.events) == len(state.events)
    assert loaded.to_json() == state.to_json()
    assert loaded.log("second") == state.log("second")


def test_a_damaged_log_is_refused_at_load() -> None:
    state = _mid_game()
    text = state.to_json()
    assert split_save(text) is not None
    for bad in (text.replace('"first checks"', '"first chucks"'),
                text.replace('"seat:first:first"', '"somebody"'),
                text.replace('"log_seal":"3:', '"log_seal":"4:')):
        assert bad != text
        with pytest.raises(gk.CorruptSave, match="corrupt log: the log was edited or cut"):
            state.game.from_json(bad)


def _edited(text: str, change: Callable[[dict[str, Any]], object]) -> str:
    """A save read, changed and written again as a person's tool would (pretty-printed)."""
    data = json.loads(text)
    change(data)
    return json.dumps(data, indent=2)


def _first_event(log: list[Any]) -> dict[str, Any]:
    entry = log[0]
    found: dict[str, Any] = entry if isinstance(entry, dict) else entry[0]
    return found


def test_a_log_edited_or_cut_by_hand_is_refused_at_load() -> None:
    """docs/scale.md: a save edited by hand is checked against the seal too."""
    state = _mid_game()
    text = state.to_json()
    for change in (lambda d: _first_event(d["log"]).update(text="Dracula is in Paris, ha."),
                   lambda d: d["log"].pop(1),
                   lambda d: d["log"].append(d["log"][0]),
                   lambda d: d.update(log_seal="xx"),
                   lambda d: d.pop("log_seal")):
        with pytest.raises(gk.CorruptSave, match="corrupt log"):
            state.game.from_json(_edited(text, change))


def test_a_save_whose_state_is_edited_by_hand_but_its_log_kept_loads() -> None:
    state = _mid_game()
    edited = _edited(state.to_json(), lambda d: None)
    assert edited != state.to_json() and split_save(edited) is not None
    loaded = state.game.from_json(edited)
    assert loaded.to_json() == state.to_json() and loaded.log("first") == state.log("first")


def test_a_log_forged_to_match_its_seal_is_refused_when_read() -> None:
    state = _mid_game()
    text = state.to_json()
    head = text.split(',"log":[', 1)[0]
    inner = '{"kind":3,"text":"x"}'
    seal = _seal(1, len(inner), zlib.crc32(inner.encode()))
    forged = f'{head},"log":[{inner}],"log_seal":"{seal}"}}'
    loaded = state.game.from_json(forged)
    with pytest.raises(gk.CorruptSave, match="corrupt log"):
        loaded.log(gk.PUBLIC)


def test_a_save_of_format_1_still_loads() -> None:
    state = _mid_game()
    data = json.loads(state.to_json())
    assert isinstance(state, gk.LoggedState)
    data.update(format=1, log=[entry.to_data() for entry in state.events])
    del data["log_seal"]
    loaded = state.game.from_json(json.dumps(data))
    assert loaded.log("first") == state.log("first")
    assert loaded.legal_actions("second") == state.legal_actions("second")


class _CheckedKuhn(KuhnPoker):
    """Kuhn poker whose saves must hold at least ``least`` log entries (a check that needs
    the log: the kernel runs ``_check_loaded`` once the log is restored)."""

    def __init__(self) -> None:
        super().__init__()
        self.least = 0
        self.seen: list[int] = []

    def _check_loaded(self, state: gk.GameState) -> None:
        assert isinstance(state, gk.LoggedState)
        self.seen.append(len(state.events))
        if len(state.events) < self.least:
            raise ValueError(f"only {len(state.events)} log entries")


def test_a_load_check_sees_the_restored_log_and_its_refusal_is_a_corrupt_save() -> None:
    game = _CheckedKuhn()
    played = _mid_game()
    assert isinstance(played, gk.LoggedState)
    text, entries = played.to_json(), len(played.events)
    game.from_json(text)
    assert game.seen == [entries]
    game.least = entries + 1
    with pytest.raises(gk.CorruptSave, match="log entries"):
        game.from_json(text)


def test_public_entries_of_plain_values_leave_nothing_for_the_collector_to_track() -> None:
    """A long game's log is most of what outlives a step: its public entries of plain
    values are kept as their bare events, which the cyclic garbage collector does not
    track (only a sealed chunk now and then is)."""
    log = Log()
    gc.collect()
    before = len(gc.get_objects())
    for i in range(20 * LOG_CHUNK):
        log.say("tick", f"tick {i}", n=i)
        log.add(event("move", f"Godalming moves to {i}", to=i))
    gc.collect()
    assert len(gc.get_objects()) - before < 200  # 40 chunks, and nothing per entry
    assert [e.event["text"] for e in log][-2:] == [f"tick {20 * LOG_CHUNK - 1}",
                                                   f"Godalming moves to {20 * LOG_CHUNK - 1}"]
    assert all(e.scope == Scope.public() and e.public is None for e in log)


def test_readers_get_the_same_entry_objects_every_time_and_in_clones() -> None:
    """Code that remembers a log by its last entry (a tracker's cache) finds it again:
    reading twice, or reading a clone, gives the very objects read before; logs that
    part after a clone each read their own later entries."""
    log = _long_log(3 * LOG_CHUNK + 5)
    first = list(log)
    assert all(a is b for a, b in zip(first, list(log), strict=True))
    twin = log.clone()
    log.say("mine", "Mine")
    twin.say("yours", "Yours")
    ours, theirs = list(log), list(twin)
    assert all(a is b for a, b in zip(first, ours, strict=False))
    assert all(a is b for a, b in zip(first, theirs, strict=False))
    assert (ours[-1].event["text"], theirs[-1].event["text"]) == ("Mine", "Yours")
    assert len(ours) == len(theirs) == len(first) + 1
    late = log.clone()  # cloned after the reading: shares the entries read
    late.say("late", "Late")
    assert list(late)[-2] is ours[-1] and list(late)[-1].event["text"] == "Late"
    assert list(log)[-1] is ours[-1]
