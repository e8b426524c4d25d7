"""Time management: the turn limit is never exceeded and a match clock is spread over the game."""

import pytest

from game.protocol.clock import (
    MIN_THINK_MS,
    OVERHEAD_MS,
    SAFETY_FRACTION,
    overhead_ms,
    StopSignal,
    TimeControl,
    moves_to_go,
    think_time_ms,
)


def test_no_time_information_leaves_the_budget_to_the_level():
    assert think_time_ms(TimeControl(), 0, 15) is None


@pytest.mark.parametrize("turn_ms", [100, 1000, 5000, 30000])
def test_turn_budget_keeps_a_margin_below_the_turn_limit(turn_ms):
    budget = think_time_ms(TimeControl(timeout_turn=turn_ms), 10, 15)
    assert budget <= turn_ms * (1 - SAFETY_FRACTION) - overhead_ms(turn_ms) or budget == MIN_THINK_MS
    assert budget >= MIN_THINK_MS


@pytest.mark.parametrize("turn_ms", [100, 200, 500])
def test_short_turns_search_most_of_the_turn_but_keep_a_margin(turn_ms):
    # The fixed 60 ms overhead once left a 100 ms turn 32 ms of search.
    budget = think_time_ms(TimeControl(timeout_turn=turn_ms), 10, 15)
    assert 0.75 * turn_ms <= budget <= turn_ms - max(15, turn_ms // 10)


def test_long_turns_keep_the_whole_fixed_overhead():
    assert overhead_ms(1000) == overhead_ms(30000) == OVERHEAD_MS
    assert overhead_ms(100) < OVERHEAD_MS


def test_one_second_turn_thinks_about_nine_hundred_ms():
    assert 880 <= think_time_ms(TimeControl(timeout_turn=1000), 0, 15) <= 920


def test_zero_turn_time_means_as_fast_as_possible():
    assert think_time_ms(TimeControl(timeout_turn=0), 0, 15) == MIN_THINK_MS


def test_match_clock_is_spread_over_the_expected_moves():
    control = TimeControl(timeout_turn=30000, timeout_match=100000, time_left=100000)
    early = think_time_ms(control, 0, 15)
    assert early == 100000 // moves_to_go(0, 15)
    assert early < 30000 * 0.9


def test_little_time_left_means_a_small_share_but_never_below_the_floor():
    control = TimeControl(timeout_turn=5000, timeout_match=100000, time_left=300)
    assert think_time_ms(control, 40, 15) == max(MIN_THINK_MS, 300 // moves_to_go(40, 15))
    assert think_time_ms(control.with_value("time_left", 50), 40, 15) == MIN_THINK_MS


def test_unlimited_match_ignores_time_left():
    control = TimeControl(timeout_turn=2000, timeout_match=0, time_left=10)
    assert think_time_ms(control, 0, 15) == int(2000 * (1 - SAFETY_FRACTION)) - OVERHEAD_MS


def test_moves_to_go_shrinks_but_has_a_floor():
    assert moves_to_go(0, 15) > moves_to_go(40, 15) >= moves_to_go(200, 15) == 8


def test_stop_signal_is_set_by_hand_or_by_its_deadline():
    now = [100.0]
    signal = StopSignal(500, clock=lambda: now[0])
    assert not signal.is_set()
    now[0] += 0.499
    assert not signal.is_set()
    now[0] += 0.002
    assert signal.is_set() and not signal.was_interrupted
    manual = StopSignal(None)
    assert not manual.is_set()
    manual.set()
    assert manual.is_set() and manual.was_interrupted


def test_before_the_first_time_left_the_whole_match_time_is_left():
    control = TimeControl(timeout_turn=30000, timeout_match=9000)
    assert think_time_ms(control, 0, 15) == 9000 // moves_to_go(0, 15)
    assert think_time_ms(control.with_value("time_left", 4500), 0, 15) == 4500 // moves_to_go(0, 15)


def test_time_left_alone_is_respected():
    assert think_time_ms(TimeControl(time_left=4000), 0, 15) == 4000 // moves_to_go(0, 15)
