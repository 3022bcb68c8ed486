"""The play policy the hard seat reads hands with, fitted by tools/fit_policy.py (do not edit by hand).

1000 rounds per preset between `normal` seats (seed 5, four players, 0 to 2 warm-up rounds
each): the softmax weights of the features of game.seats.policy (one per card number, then the hope
of the hand kept) that make the cards those seats played likeliest, fitted on the even rounds and
checked on the odd ones, then refitted on all of them.
"""

WEIGHTS: dict[str, tuple[float, ...]] = {
    # 7981 choices; held-out log-likelihood per choice -0.3914 (uniform -0.8583)
    "app": (
        0.0000,  # rank_0
        -3.5575,  # rank_1
        -1.4110,  # rank_2
        -2.3526,  # rank_3
        -1.9526,  # rank_4
        -1.3287,  # rank_5
        -0.7603,  # rank_6
        -0.2015,  # rank_7
        0.5275,  # rank_8
        0.9202,  # rank_9
        1.4430,  # rank_10
        2.0888,  # rank_11
        2.8380,  # rank_12
        3.7467,  # rank_13
        3.7512,  # hope
    ),
    # 6824 choices; held-out log-likelihood per choice -0.6599 (uniform -0.9744)
    "standard": (
        -0.8943,  # rank_0
        -2.9516,  # rank_1
        -0.5350,  # rank_2
        -2.0949,  # rank_3
        -1.2733,  # rank_4
        0.3197,  # rank_5
        -0.4954,  # rank_6
        -0.1409,  # rank_7
        0.4916,  # rank_8
        1.0078,  # rank_9
        2.2572,  # rank_10
        2.0527,  # rank_11
        1.3188,  # rank_12
        0.9375,  # rank_13
        0.4269,  # hope
    ),
    # 6223 choices; held-out log-likelihood per choice -0.5202 (uniform -0.9546)
    "super": (
        2.0593,  # rank_0
        0.1552,  # rank_1
        1.2300,  # rank_2
        -1.6051,  # rank_3
        -1.5720,  # rank_4
        -1.4205,  # rank_5
        -1.2210,  # rank_6
        -0.9351,  # rank_7
        3.9992,  # rank_8
        -0.3895,  # rank_9
        -0.7234,  # rank_10
        -0.8816,  # rank_11
        -1.0580,  # rank_12
        2.3626,  # rank_13
        3.9505,  # hope
    ),
    # 4547 choices; held-out log-likelihood per choice -0.5256 (uniform -1.0378)
    "kabu": (
        0.0000,  # rank_0
        -2.4041,  # rank_1
        3.1977,  # rank_2
        -1.4699,  # rank_3
        1.7878,  # rank_4
        1.7667,  # rank_5
        0.9294,  # rank_6
        0.6126,  # rank_7
        -0.5113,  # rank_8
        -0.4436,  # rank_9
        -3.4653,  # rank_10
        0.0000,  # rank_11
        0.0000,  # rank_12
        0.0000,  # rank_13
        2.7800,  # hope
    ),
}
