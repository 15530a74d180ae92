"""The bots write each play's time as the rules ask: "the game time at the end of each play"
(Game Clock, Simple; C30). They wrote the time at the snap before: the opening kickoff at
15:00, though its return had used an interval. Expectations worked out by hand from the
rules' Complex Timing: a kickoff with a return 1 interval, a regular play 1, 7 between plays
unless the clock is stopped, 5 seconds an interval."""

from __future__ import annotations

from printkit_engine.cardbowl.bots import play_game


def test_each_line_has_the_time_left_when_its_play_is_over():
    lines = [line.split("\t") for line in play_game("cbfill-0001").lines[2:13]]
    assert [line[:3] for line in lines[:3]] == [
        ["Kickoff", "to 10, 25 yd return to 35", "14:55"],   # 15:00, less the return's 1
        ["1 & 10 @ 35", "run 11", "14:50"],                     # 1 interval
        ["1 & 10 @ 46", "pass inc.", "14:10"],                  # 7 between, then 1
    ]
    # the touchdown and its try: the try uses no time, so it is written at the TD's time
    assert lines[9][1:4] == ["screen 12 + 6 = 18, TD", "6-0 Aces", "10:15"]
    assert lines[10][:4] == ["Try", "kick good", "7-0 Aces", "10:15"]
