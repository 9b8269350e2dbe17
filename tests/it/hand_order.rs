//! The whole 252-hand order under every ranking variant, checked three ways:
//! against insta snapshots, against a comparison written here from scratch
//! (straight from the rules text), and against the counts the rules state.

use liar::rules::{Category, Dice, Face, HAND_COUNT, Hand, Ranking, Straights};
use std::cmp::Ordering;

fn variant_name(r: Ranking) -> String {
    let s = match r.straights {
        Straights::BelowFullHouse => "below-full-house",
        Straights::AboveFullHouse => "above-full-house",
        Straights::None => "none",
    };
    format!("straights={s} kickers={}", r.kickers)
}

/// The order written out: weakest first, one hand per line; tied hands share a
/// line, separated by spaces.
fn order_text(r: Ranking) -> String {
    let mut lines: Vec<Vec<String>> = Vec::new();
    let mut last = None;
    for &h in r.ascending() {
        if last == Some(r.strength(h)) {
            if let Some(line) = lines.last_mut() {
                line.push(h.to_string());
            }
        } else {
            lines.push(vec![h.to_string()]);
        }
        last = Some(r.strength(h));
    }
    lines.iter().map(|l| l.join(" ") + "\n").collect()
}

#[test]
fn order_matches_the_snapshots() {
    for r in Ranking::all() {
        let name = variant_name(r).replace([' ', '='], "_");
        insta::assert_snapshot!(name, order_text(r));
    }
}

/// An independent comparison, from the rules text: category by the sorted
/// counts, then the faces grouped by (count desc, face desc), compared
/// lexicographically; with kickers off only the groups of two or more count.
fn brute_compare(a: &[u8; 5], b: &[u8; 5], r: Ranking) -> Ordering {
    key(a, r).cmp(&key(b, r))
}

fn key(dice: &[u8; 5], r: Ranking) -> (u8, Vec<u8>) {
    let mut count = [0u8; 6];
    for &d in dice {
        count[d as usize] += 1;
    }
    let mut groups: Vec<(u8, u8)> = (0..6u8)
        .filter(|&f| count[f as usize] > 0)
        .map(|f| (count[f as usize], f))
        .collect();
    groups.sort_by(|x, y| y.cmp(x));
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let distinct = shape.len() == 5;
    let high_straight = distinct && count[0] == 0;
    let low_straight = distinct && count[5] == 0;
    let straights = r.straights != Straights::None;
    // Category ranks, low to high, written out per variant.
    let cat = match shape.as_slice() {
        [5] => 100,
        [4, 1] => 90,
        [3, 2] => 70,
        [3, 1, 1] => 40,
        [2, 2, 1] => 30,
        [2, 1, 1, 1] => 20,
        _ if straights && (high_straight || low_straight) => {
            let base = if r.straights == Straights::AboveFullHouse {
                80
            } else {
                50
            };
            base + u8::from(high_straight)
        }
        _ => 10,
    };
    let faces: Vec<u8> = groups
        .iter()
        .filter(|g| r.kickers || g.0 >= 2)
        .flat_map(|g| std::iter::repeat_n(g.1, g.0 as usize))
        .collect();
    (cat, faces)
}

fn all_throws() -> Vec<[u8; 5]> {
    let mut v = Vec::new();
    for code in 0..7776u32 {
        let mut c = code;
        let mut d = [0u8; 5];
        for slot in d.iter_mut() {
            *slot = (c % 6) as u8;
            c /= 6;
        }
        v.push(d);
    }
    v
}

fn to_dice(d: &[u8; 5]) -> Dice {
    Dice(d.map(|f| Face::from_index(f as usize).unwrap()))
}

#[test]
fn order_agrees_with_brute_force_comparison() {
    // One representative throw per hand, then every pair of hands.
    let mut reps: Vec<[u8; 5]> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for d in all_throws() {
        if seen.insert(to_dice(&d).hand()) {
            reps.push(d);
        }
    }
    assert_eq!(reps.len(), HAND_COUNT);
    for r in Ranking::all() {
        for a in &reps {
            for b in &reps {
                let ours = r.compare(to_dice(a).hand(), to_dice(b).hand());
                assert_eq!(
                    ours,
                    brute_compare(a, b, r),
                    "{a:?} vs {b:?} under {}",
                    variant_name(r)
                );
            }
        }
    }
}

#[test]
fn every_throw_maps_to_the_hand_of_its_faces() {
    for d in all_throws() {
        let dice = to_dice(&d);
        let mut sorted: Vec<Face> = dice.0.to_vec();
        sorted.sort();
        let mut hand_sorted = dice.hand().faces().to_vec();
        hand_sorted.sort();
        assert_eq!(sorted, hand_sorted);
    }
}

#[test]
fn counts_match_the_rules() {
    let r = Ranking::default();
    let mut hands = std::collections::HashMap::new();
    let mut throws = std::collections::HashMap::new();
    for h in Hand::all() {
        *hands.entry(r.category(h)).or_insert(0) += 1;
        *throws.entry(r.category(h)).or_insert(0u32) += u32::from(h.throw_count());
    }
    let expected = [
        (Category::FiveOfAKind, 6, 6),
        (Category::FourOfAKind, 30, 150),
        (Category::FullHouse, 30, 300),
        (Category::HighStraight, 1, 120),
        (Category::LowStraight, 1, 120),
        (Category::ThreeOfAKind, 60, 1200),
        (Category::TwoPairs, 60, 1800),
        (Category::OnePair, 60, 3600),
        (Category::Bust, 4, 480),
    ];
    for (cat, n, t) in expected {
        assert_eq!(hands[&cat], n, "{cat:?} hands");
        assert_eq!(throws[&cat], t, "{cat:?} throws");
    }
    assert_eq!(r.ascending()[0].to_string(), "AQJT9");
    assert_eq!(r.ascending()[HAND_COUNT - 1].to_string(), "AAAAA");
}

#[test]
fn strength_counts_per_variant() {
    for r in Ranking::all() {
        let expected = match (r.kickers, r.straights) {
            (true, _) => 252,
            (false, Straights::None) => 70,
            (false, _) => 72,
        };
        assert_eq!(r.strength_count(), expected, "{}", variant_name(r));
    }
}

#[test]
fn without_straights_the_straights_rank_as_busts_by_high_dice() {
    let r = Ranking {
        straights: Straights::None,
        kickers: true,
    };
    let busts: Vec<String> = r.ascending()[..6].iter().map(|h| h.to_string()).collect();
    assert_eq!(
        busts,
        ["KQJT9", "AQJT9", "AKJT9", "AKQT9", "AKQJ9", "AKQJT"].map(String::from)
    );
}
