"""The article's rotation cycle, under both readings of a written list: exact cases by hand."""

import pytest

from goofspiel import Strategy, cycle_margins, margin, rotation_cycle


def test_the_article_cycle_on_2_3_4_holds_when_a_list_orders_the_prizes():
    cycle = rotation_cycle((4, 2, 3))                     # any order: the deck is sorted
    assert [s.preferences for s in cycle] == [(2, 3, 4), (4, 2, 3), (3, 4, 2)]
    assert cycle[1].bids == (3, 4, 2)                     # 4<2<3: bid 2 on prize 4, 3 on 2, 4 on 3
    margins = cycle_margins(cycle)
    assert margins == [margin(cycle[1], cycle[0]), margin(cycle[2], cycle[1]),
                       margin(cycle[0], cycle[2])]
    assert all(m > 0 for m in margins)


def test_read_as_bids_the_same_lists_run_the_other_way():
    as_bids = rotation_cycle((2, 3, 4), reading="bids")
    assert [s.bids for s in as_bids] == [(2, 3, 4), (4, 2, 3), (3, 4, 2)]
    assert as_bids[1] == Strategy.from_preferences((3, 4, 2), (2, 3, 4))   # the inverse
    assert not all(m > 0 for m in cycle_margins(as_bids))


def test_bad_calls():
    with pytest.raises(ValueError, match="reading"):
        rotation_cycle((2, 3, 4), reading="prizes")
    with pytest.raises(ValueError, match="cycle"):
        cycle_margins([Strategy.from_bids((1, 2))])
