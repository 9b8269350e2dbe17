//! Hand names in words, through the public API: what players may write, what
//! `describe` writes, and that the two agree for every hand and variant.

use liar::rules::{ClaimError, Hand, Lang, Ranking, Straights, describe, parse_claim};

/// (words, the hand they stand for under the default ranking)
const ENGLISH: &[(&str, &str)] = &[
    // five of a kind
    ("five aces", "AAAAA"),
    ("Five Aces!", "AAAAA"),
    ("five of a kind aces", "AAAAA"),
    ("five of a kind", "99999"),
    ("five nines", "99999"),
    // four of a kind
    ("four kings", "KKKK9"),
    ("four of a kind kings", "KKKK9"),
    ("four of a kind", "9999T"),
    ("four nines", "9999T"),
    ("quads", "9999T"),
    ("four kings with a queen", "KKKKQ"),
    // full house
    ("full house queens over nines", "QQQ99"),
    ("full house, queens over nines", "QQQ99"),
    ("Full-house: queens over nines.", "QQQ99"),
    ("queens full of nines", "QQQ99"),
    ("queens full", "QQQ99"),
    ("queens over nines", "QQQ99"),
    ("nines over aces", "999AA"),
    ("full house of queens and nines", "QQQ99"),
    ("three queens and two nines", "QQQ99"),
    ("full house kings", "KKK99"),
    ("full house nines", "999TT"),
    ("full house", "999TT"),
    ("fullhouse", "999TT"),
    // straights
    ("high straight", "AKQJT"),
    ("big straight", "AKQJT"),
    ("ace high straight", "AKQJT"),
    ("low straight", "KQJT9"),
    ("small straight", "KQJT9"),
    ("king high straight", "KQJT9"),
    ("straight", "KQJT9"),
    // three of a kind
    ("three kings", "KKKT9"),
    ("three of a kind kings", "KKKT9"),
    ("three of a kind", "999JT"),
    ("trips", "999JT"),
    ("trips kings", "KKKT9"),
    ("three Ks", "KKKT9"),
    ("3 kings", "KKKT9"),
    ("three nines", "999JT"),
    ("three kings with queen and nine", "KKKQ9"),
    ("three kings with a queen", "KKKQ9"),
    ("three kings and a queen", "KKKQ9"),
    ("three kings with queen and ten", "KKKQT"),
    ("three kings with ace jack", "KKKAJ"),
    // two pairs
    ("two pairs kings and nines", "KK99T"),
    ("two pair kings and nines", "KK99T"),
    ("two pairs, kings and nines", "KK99T"),
    ("two pairs of kings and nines", "KK99T"),
    ("kings and nines", "KK99T"),
    ("nines and kings", "KK99T"),
    ("two kings and two nines", "KK99T"),
    ("two pairs", "TT99J"),
    ("two pairs kings", "KK99T"),
    ("two pairs kings and nines with ace", "KK99A"),
    ("kings and nines with an ace", "KK99A"),
    // one pair
    ("pair of aces", "AAJT9"),
    ("a pair of aces", "AAJT9"),
    ("one pair aces", "AAJT9"),
    ("one pair of aces", "AAJT9"),
    ("pair aces", "AAJT9"),
    ("pair", "99QJT"),
    ("a pair", "99QJT"),
    ("pair of tens", "TTQJ9"),
    ("pair of aces with king, queen and jack", "AAKQJ"),
    ("pair of aces with king", "AAKT9"),
    // bust
    ("nothing", "AQJT9"),
    ("bust", "AQJT9"),
    ("high card", "AQJT9"),
    ("no pair", "AQJT9"),
    ("nothing: ace, king, queen, jack and nine", "AKQJ9"),
    ("bust with ace king jack ten nine", "AKJT9"),
    // faces as letters and digits
    ("three qs", "QQQT9"),
    ("pair of 10s", "TTQJ9"),
    ("pair of 9s", "99QJT"),
    ("four ts", "TTTT9"),
    // standard dice: 2 3 4 5 6 1 are 9 T J Q K A
    ("three fives", "QQQT9"),
    ("three 5s", "QQQT9"),
    ("three threes", "TTTJ9"),
    ("pair of sixes", "KKJT9"),
    ("pair of ones", "AAJT9"),
    ("full house fives over twos", "QQQ99"),
    ("two pairs sixes and fours", "KKJJ9"),
    ("three kings with a five", "KKKQ9"),
    ("five ones", "AAAAA"),
];

const RUSSIAN: &[(&str, &str)] = &[
    // five of a kind
    ("покер", "99999"),
    ("покер тузов", "AAAAA"),
    ("пять тузов", "AAAAA"),
    // four of a kind
    ("каре", "9999T"),
    ("каре королей", "KKKK9"),
    ("четыре короля", "KKKK9"),
    ("каре королей с дамой", "KKKKQ"),
    // full house
    ("фул", "999TT"),
    ("фул-хаус", "999TT"),
    ("фулл хаус", "999TT"),
    ("Фул, дамы на девятках", "QQQ99"),
    ("фул-хаус, дамы на девятках", "QQQ99"),
    ("фул из дам и девяток", "QQQ99"),
    ("фул королей", "KKK99"),
    ("дамы на девятках", "QQQ99"),
    ("тузы на десятках", "AAATT"),
    ("вальты на королях", "JJJKK"),
    ("короли на тузах", "KKKAA"),
    ("девятки на вальтах", "999JJ"),
    ("десятки на дамах", "TTTQQ"),
    // straights
    ("стрит", "KQJT9"),
    ("большой стрит", "AKQJT"),
    ("малый стрит", "KQJT9"),
    ("маленький стрит", "KQJT9"),
    // three of a kind
    ("тройка", "999JT"),
    ("тройка тузов", "AAAT9"),
    ("три туза", "AAAT9"),
    ("три короля", "KKKT9"),
    ("три вальта", "JJJT9"),
    ("три дамы", "QQQT9"),
    ("тройка королей с дамой и девяткой", "KKKQ9"),
    ("тройка королей с дамой и десяткой", "KKKQT"),
    ("тройка королей с дамой", "KKKQ9"),
    // two pairs
    ("две пары", "TT99J"),
    ("две пары короли и девятки", "KK99T"),
    ("две пары: короли и девятки", "KK99T"),
    ("две пары королей и девяток", "KK99T"),
    ("две пары, вальты и десятки", "JJTT9"),
    ("короли и девятки", "KK99T"),
    ("две пары, короли и девятки с тузом", "KK99A"),
    // one pair
    ("пара", "99QJT"),
    ("пара тузов", "AAJT9"),
    ("одна пара тузов", "AAJT9"),
    ("пара дам", "QQJT9"),
    ("пара вальтов", "JJQT9"),
    ("пара валетов", "JJQT9"),
    ("пара тузов с королём, дамой и валетом", "AAKQJ"),
    ("пара тузов с королем, дамой и вальтом", "AAKQJ"),
    ("ПАРА ТУЗОВ С КОРОЛЁМ", "AAKT9"),
    // bust
    ("ничего", "AQJT9"),
    ("пусто", "AQJT9"),
    ("ни одной пары", "AQJT9"),
    ("ничего: туз, король, дама, валет и девятка", "AKQJ9"),
    // "10" as a word
    ("пара 10", "TTQJ9"),
];

fn check_table(table: &[(&str, &str)]) {
    let r = Ranking::default();
    let mut failures = Vec::new();
    for &(text, expected) in table {
        match parse_claim(text, r) {
            Ok(hand) if hand.to_string() == expected => {}
            other => failures.push(format!("{text:?}: expected {expected}, got {other:?}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn english_phrases() {
    check_table(ENGLISH);
}

#[test]
fn russian_phrases() {
    check_table(RUSSIAN);
}

/// The claim a hand stands for: itself with kickers, otherwise the lowest
/// hand it ties with.
fn claimed(hand: Hand, r: Ranking) -> Option<Hand> {
    r.lowest_of_strength(r.strength(hand))
}

#[test]
fn describe_round_trips_for_every_hand_and_variant() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for r in Ranking::all() {
        for hand in Hand::all() {
            for lang in [Lang::En, Lang::Ru] {
                let words = describe(hand, r, lang);
                let read = parse_claim(&words, r).ok();
                if read != claimed(hand, r) {
                    failures.push(format!("{r:?} {hand}: {words:?} reads as {read:?}"));
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 6 * 252 * 2);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn describe_examples() {
    let r = Ranking::default();
    let no_kickers = Ranking {
        kickers: false,
        ..r
    };
    let no_straights = Ranking {
        straights: Straights::None,
        ..r
    };
    let h = |s: &str| s.parse::<liar::rules::Dice>().unwrap().hand();
    let cases = [
        (
            r,
            "QQQ99",
            "full house, queens over nines",
            "фул-хаус, дамы на девятках",
        ),
        (r, "KKKT9", "three kings", "тройка королей"),
        (
            r,
            "KKKQT",
            "three kings with queen and ten",
            "тройка королей с дамой и десяткой",
        ),
        (
            r,
            "KKKQ9",
            "three kings with queen",
            "тройка королей с дамой",
        ),
        (no_kickers, "KKKQT", "three kings", "тройка королей"),
        (
            r,
            "KK99T",
            "two pairs, kings and nines",
            "две пары, короли и девятки",
        ),
        (r, "AAJT9", "pair of aces", "пара тузов"),
        (
            r,
            "AAKQJ",
            "pair of aces with king, queen and jack",
            "пара тузов с королём, дамой и вальтом",
        ),
        (r, "AKQJT", "high straight", "большой стрит"),
        (r, "KQJT9", "low straight", "малый стрит"),
        (r, "AAAAA", "five aces", "покер тузов"),
        (r, "KKKK9", "four kings", "каре королей"),
        (r, "AQJT9", "nothing", "ничего"),
        (
            r,
            "AKQJ9",
            "nothing: ace, king, queen, jack and nine",
            "ничего: туз, король, дама, валет и девятка",
        ),
        (no_kickers, "AKQJ9", "nothing", "ничего"),
        (no_straights, "KQJT9", "nothing", "ничего"),
        (
            no_straights,
            "AKQJT",
            "nothing: ace, king, queen, jack and ten",
            "ничего: туз, король, дама, валет и десятка",
        ),
    ];
    for (ranking, hand, en, ru) in cases {
        assert_eq!(describe(h(hand), ranking, Lang::En), en, "{hand}");
        assert_eq!(describe(h(hand), ranking, Lang::Ru), ru, "{hand}");
    }
}

#[test]
fn straights_are_refused_on_tables_without_them() {
    let r = Ranking {
        straights: Straights::None,
        kickers: true,
    };
    for text in ["high straight", "стрит", "малый стрит"] {
        match parse_claim(text, r) {
            Err(ClaimError::NoSuchHand { hint, .. }) => {
                assert!(hint.contains("straights"), "{hint}")
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
    assert_eq!(
        parse_claim("nothing", r).map(|h| h.to_string()),
        Ok("KQJT9".into())
    );
}

fn reason(text: &str) -> String {
    match parse_claim(text, Ranking::default()) {
        Err(ClaimError::Unreadable { reason, .. }) => reason,
        other => panic!("{text:?} should be unreadable, got {other:?}"),
    }
}

#[test]
fn errors_say_what_is_wrong() {
    let cases = [
        ("seven dwarves", "unknown word \"dwarves\""),
        ("foo", "unknown word \"foo\""),
        ("five kings and queens", "no room"),
        ("full house kings over kings", "two different faces"),
        ("дамы на дамах", "two different faces"),
        ("two pairs nines and nines", "two different faces"),
        ("six aces", "only five dice"),
        ("seven aces", "only five dice"),
        ("шесть тузов", "only five dice"),
        ("99999999999999999999999 kings", "only five dice"),
        ("!!! ... ---", "no hand named"),
        ("the", "no hand named"),
        ("one king", "one die"),
        ("three pairs", "at most two pairs"),
        ("three kings with king", "kings named twice"),
        ("three kings with queen, jack and ten", "only 2 other dice"),
        ("full house queens over nines with ace", "no room"),
        ("kings", "how many kings"),
        ("three of a kind kings queens", "unexpected \"queens\""),
        ("over nines", "cannot start with \"over\""),
        ("full house queens over", "expected a face"),
        ("queen high straight", "ace high or king high"),
        ("low", "\"straight\""),
        ("no kings", "\"pair\""),
    ];
    for (text, part) in cases {
        let reason = reason(text);
        assert!(reason.contains(part), "{text:?}: {reason:?} lacks {part:?}");
    }
}

#[test]
fn impossible_but_readable_claims_have_no_hand() {
    // A bust must hold an ace and a nine.
    assert!(matches!(
        parse_claim("nothing with king queen jack ten nine", Ranking::default()),
        Err(ClaimError::NoSuchHand { .. })
    ));
}
