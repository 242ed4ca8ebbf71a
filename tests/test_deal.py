"""Deal's own methods (the notation it reads is tests/test_notation.py's)."""

import pytest

from solver import Deal, InvalidArgumentError


@pytest.mark.parametrize("seat", [3, -1, "x", True, 1.0])
def test_hand_of_a_seat_that_is_not_one_is_refused(seat):
    deal = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
    with pytest.raises(InvalidArgumentError, match="seat must be a seat 0, 1 or 2"):
        deal.hand(seat)
    assert deal.hand("2") == deal.hand(2) == deal.hands[2]
