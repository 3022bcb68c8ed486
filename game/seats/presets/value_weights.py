"""The value of a position the hard seat's rollouts end on, fitted by tools/fit_values.py (do not edit
by hand).

600 rounds per preset between `normal` seats (seed 11, four players, 0 to 2 warm-up rounds
each): the least-squares weights of the features of game.seats.value that predict each seat's score
change to the round's end against the table's mean, fitted on the even rounds and checked on the odd
ones, then refitted on all of them.
"""

WEIGHTS: dict[str, tuple[float, ...]] = {
    # 64044 samples; held-out mean squared error 11662.2 (a constant: 12049.7; 3.2% of the spread explained)
    "app": (
        28.2834,  # size_1
        3.1456,  # size_2
        9.0065,  # size_3
        11.7190,  # size_4
        9.7804,  # size_5
        -2.2651,  # size_6
        -1.3432,  # size_7
        -9.8024,  # points
        317.0602,  # calls
        14.9091,  # turn_0
        14.5654,  # turn_1
        14.3395,  # turn_2
        14.5126,  # turn_3
    ),
    # 37584 samples; held-out mean squared error 2514.1 (a constant: 2692.2; 6.6% of the spread explained)
    "standard": (
        -11.0938,  # size_1
        -7.4436,  # size_2
        -6.9097,  # size_3
        -7.4092,  # size_4
        -7.0167,  # size_5
        1.3939,  # size_6
        -10.7492,  # size_7
        7.6370,  # points
        -18.3378,  # calls
        -11.1577,  # turn_0
        -12.4464,  # turn_1
        -13.5953,  # turn_2
        -12.0287,  # turn_3
    ),
    # 42528 samples; held-out mean squared error 1211.3 (a constant: 1240.9; 2.4% of the spread explained)
    "super": (
        4.2675,  # size_1
        -0.0669,  # size_2
        -4.0347,  # size_3
        -6.4355,  # size_4
        -6.1031,  # size_5
        -4.2344,  # size_6
        -4.3482,  # size_7
        2.8779,  # points
        -67.0460,  # calls
        -4.8098,  # turn_0
        -5.1589,  # turn_1
        -5.2099,  # turn_2
        -5.7766,  # turn_3
    ),
    # 29824 samples; held-out mean squared error 375.0 (a constant: 377.4; 0.6% of the spread explained)
    "kabu": (
        0.1149,  # size_1
        -0.2699,  # size_2
        -0.2328,  # size_3
        -0.3662,  # size_4
        -0.2102,  # size_5
        -0.0735,  # size_6
        1.4606,  # size_7
        6.1131,  # points
        -1.4451,  # calls
        -2.5237,  # turn_0
        -2.3230,  # turn_1
        -2.5430,  # turn_2
        -2.7932,  # turn_3
    ),
}
