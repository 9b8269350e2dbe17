//! Hand names in words, through the public API: what players may write, what
//! `describe` writes, and that the two agree for every hand and variant.

use liar::rules::{ClaimError, DiceKind, Hand, Lang, Ranking, Straights, describe, parse_claim};

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
            Err(ClaimError::NoSuchHand { no_straights, .. }) => assert!(no_straights, "{text}"),
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
        Err(ClaimError::Unreadable { reason, .. }) => reason.text(Lang::En, DiceKind::Poker),
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

// ---------------------------------------------------------------------------
// What a person types at a table: `read_claim` on the table's own dice.

use liar::rules::{Choice, ClaimReason, Dice, Naming, Reading, read_claim};

fn standard(ranking: Ranking) -> Naming {
    Naming {
        ranking,
        dice: DiceKind::Standard,
    }
}

fn hand_of(letters: &str) -> Hand {
    letters.parse::<Dice>().unwrap().hand()
}

/// The one hand a typed claim means at a table of `naming`.
fn typed(text: &str, naming: Naming, lang: Lang) -> Result<Hand, String> {
    match read_claim(text, naming) {
        Ok(Reading::Hand(hand)) => Ok(hand),
        Ok(either) => Err(format!("two readings: {either:?}")),
        Err(e) => Err(e.text(lang, naming.dice)),
    }
}

#[test]
fn standard_dice_names_round_trip_for_every_hand_and_variant() {
    let mut failures = Vec::new();
    for r in Ranking::all() {
        for hand in Hand::all() {
            for lang in [Lang::En, Lang::Ru] {
                let words = describe(hand, standard(r), lang);
                let read = typed(&words, standard(r), lang).ok();
                if read != claimed(hand, r) {
                    failures.push(format!("{r:?} {hand}: {words:?} reads as {read:?}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn poker_names_round_trip_through_the_table_reader_too() {
    let mut failures = Vec::new();
    for r in Ranking::all() {
        for hand in Hand::all() {
            for lang in [Lang::En, Lang::Ru] {
                let words = describe(hand, r, lang);
                let read = typed(&words, r.into(), lang).ok();
                if read != claimed(hand, r) {
                    failures.push(format!("{r:?} {hand}: {words:?} reads as {read:?}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn standard_dice_are_named_by_pips_never_by_poker_words() {
    let s = standard(Ranking::default());
    let cases = [
        ("999JT", "three twos", "три двойки"),
        (
            "KK9QA",
            "pair of sixes with one and five",
            "пара шестёрок с единицей и пятёркой",
        ),
        ("KKJT9", "pair of sixes", "пара шестёрок"),
        (
            "KKK99",
            "full house, sixes over twos",
            "фул-хаус, шестёрки на двойках",
        ),
        (
            "KKJJ9",
            "two pairs, sixes and fours",
            "две пары, шестёрки и четвёрки",
        ),
        ("AAAAA", "five ones", "покер единиц"),
        ("QQQQ9", "four fives", "каре пятёрок"),
        (
            "AKQJ9",
            "nothing: one, six, five, four and two",
            "ничего: единица, шестёрка, пятёрка, четвёрка и двойка",
        ),
        ("AKQJT", "high straight", "большой стрит"),
    ];
    let poker_words = [
        "nine",
        "ten",
        "jack",
        "queen",
        "king",
        "ace",
        "девят",
        "десят",
        "валет",
        "вальт",
        "дам",
        "корол",
        "туз",
    ];
    for (letters, en, ru) in cases {
        let hand = hand_of(letters);
        assert_eq!(describe(hand, s, Lang::En), en, "{letters}");
        assert_eq!(describe(hand, s, Lang::Ru), ru, "{letters}");
    }
    for hand in Hand::all() {
        for lang in [Lang::En, Lang::Ru] {
            let words = describe(hand, s, lang);
            let poker = poker_words.iter().find(|w| words.contains(*w));
            assert!(poker.is_none(), "{hand}: {words:?} says {poker:?}");
        }
    }
    // Read the same way: "three twos" is three 2s, not three nines.
    let read = |t: &str, lang| typed(t, s, lang).map(|h| h.labels(DiceKind::Standard));
    assert_eq!(read("three twos", Lang::En).as_deref(), Ok("22243"));
    assert_eq!(read("три двойки", Lang::Ru).as_deref(), Ok("22243"));
    assert_eq!(read("222", Lang::En).as_deref(), Ok("22243"));
    assert_eq!(read("1 1", Lang::En).as_deref(), Ok("11432"));
}

#[test]
fn liar_rules_on_standard_dice_speaks_in_pips() {
    let rules = liar::rules::Rules {
        dice: DiceKind::Standard,
        straights: Straights::None,
        kickers: false,
        ..Default::default()
    };
    for lang in [Lang::En, Lang::Ru] {
        let text = liar::i18n::rules_text(lang, &rules);
        for poker in ["kings", "A K Q J T", "AAAAA", "KKK", "королей", "тузов"] {
            assert!(!text.contains(poker), "{lang:?}: {poker:?} in\n{text}");
        }
    }
    // The prose, unwrapped.
    let flat = |lang| {
        let text = liar::i18n::rules_text(lang, &rules);
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let en = flat(Lang::En);
    assert!(en.contains("666 stands for 66632, three sixes"), "{en}");
    assert!(
        en.contains("1 6 5 4 3 and 6 5 4 3 2 are just nothing"),
        "{en}"
    );
    assert!(en.contains("66654 ties with 66632"), "{en}");
    let ru = flat(Lang::Ru);
    assert!(ru.contains("666 — это 66632, три шестёрки"), "{ru}");
}

#[test]
fn faces_the_dice_do_not_have_are_refused_with_the_reason() {
    let poker: Naming = Ranking::default().into();
    let s = standard(Ranking::default());
    let refused = |text: &str, naming: Naming| match read_claim(text, naming) {
        Err(ClaimError::Unreadable { reason, .. }) => reason,
        other => panic!("{text:?} should be refused, got {other:?}"),
    };
    let not_on = |typed: &str, dice| ClaimReason::NotOnDice {
        typed: typed.into(),
        dice,
    };
    // On poker dice 1 is not a face (it was read as a pair of aces).
    assert_eq!(refused("1 1", poker), not_on("1", DiceKind::Poker));
    assert_eq!(refused("55522", poker), not_on("5", DiceKind::Poker));
    assert_eq!(
        refused("three twos", poker),
        not_on("twos", DiceKind::Poker)
    );
    assert_eq!(
        refused("пара шестёрок", poker),
        not_on("шестерок", DiceKind::Poker)
    );
    // On standard dice poker letters and words are not faces.
    assert_eq!(refused("KKK", s), not_on("K", DiceKind::Standard));
    assert_eq!(refused("99", s), not_on("9", DiceKind::Standard));
    assert_eq!(refused("10 10", s), not_on("10", DiceKind::Standard));
    assert_eq!(
        refused("three kings", s),
        not_on("kings", DiceKind::Standard)
    );
    // A single die is not part of a hand.
    assert_eq!(refused("K", poker), ClaimReason::NoGroup);
    assert_eq!(refused("A K", poker), ClaimReason::NoGroup);
    assert_eq!(refused("6", s), ClaimReason::NoGroup);
    // The reasons say so in the table's language.
    let why = |text: &str, naming: Naming, lang| typed(text, naming, lang).unwrap_err();
    assert!(why("1 1", poker, Lang::En).contains("poker dice have no face \"1\""));
    assert!(why("1 1", poker, Lang::Ru).contains("у покерных кубиков нет грани «1»"));
    assert!(why("KKK", s, Lang::Ru).contains("у обычных кубиков нет грани «K»"));
}

#[test]
fn every_reason_a_russian_player_reads_is_russian() {
    let poker: Naming = Ranking::default().into();
    let texts = [
        "seven dwarves",
        "kings",
        "six aces",
        "full house kings over kings",
        "three kings with queen, jack and ten",
        "queen high straight",
        "low",
        "three pairs",
        "over nines",
        "",
        "1 1",
        "K",
    ];
    for text in texts {
        let why = typed(text, poker, Lang::Ru).unwrap_err();
        let latin_words = why
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| w.len() > 3 && w.chars().all(|c| c.is_ascii_alphabetic()))
            .filter(|w| {
                !text.contains(*w)
                    && !["full", "house", "queens", "over", "nines", "three", "kings"].contains(w)
            })
            .collect::<Vec<_>>();
        assert!(
            latin_words.is_empty(),
            "{text:?}: {why:?} has {latin_words:?}"
        );
    }
    let straights = Ranking {
        straights: Straights::None,
        kickers: true,
    };
    let why = typed("стрит", straights.into(), Lang::Ru).unwrap_err();
    assert!(why.contains("стритов нет"), "{why}");
}

#[test]
fn a_t_that_may_be_the_ten_or_the_russian_ace_gives_both_readings() {
    let poker: Naming = Ranking::default().into();
    let either = |text: &str| match read_claim(text, poker) {
        Ok(Reading::Either([a, b])) => (a, b),
        other => panic!("{text:?}: {other:?}"),
    };
    let choice = |letters: &str, faces: &[liar::rules::Face]| Choice {
        hand: hand_of(letters),
        faces: faces.to_vec(),
    };
    use liar::rules::Face::{self, Ace, Nine, Ten};
    // Typed in one alphabet, a T is that alphabet's: the Cyrillic Т the ace
    // (туз), the Latin T the ten, in either language; 10 is always the ten.
    for lang in [Lang::Ru, Lang::En] {
        assert_eq!(typed("ТТТ", poker, lang), Ok(hand_of("AAAT9")));
        assert_eq!(typed("ТТВВД", poker, lang), Ok(hand_of("AAJJQ")));
        assert_eq!(typed("тт 9 9 9", poker, lang), Ok(hand_of("999AA")));
        assert_eq!(typed("TTT", poker, lang), Ok(hand_of("TTTJ9")));
        assert_eq!(typed("KK99T", poker, lang), Ok(hand_of("KK99T")));
        assert_eq!(typed("10 10 10", poker, lang), Ok(hand_of("TTTJ9")));
    }
    // Mixed alphabets: a T may be either.
    assert_eq!(
        either("TТТ"),
        (
            choice("AAAT9", &[Ace, Ace, Ace]),
            choice("TTTJ9", &[Ten, Ten, Ten])
        )
    );
    assert_eq!(either("KKТ").1.hand, hand_of("KKTJ9"));
    assert_eq!(
        either("ВВT 9 9").0.faces,
        vec![Face::Jack, Face::Jack, Ace, Nine, Nine]
    );
    assert_eq!(
        either("Т Т 9 9 K").1.faces,
        vec![Ten, Ten, Nine, Nine, Face::King]
    );
    // Words and other letters are not ambiguous.
    assert_eq!(typed("три туза", poker, Lang::Ru), Ok(hand_of("AAAT9")));
    assert_eq!(typed("ККК", poker, Lang::Ru), Ok(hand_of("KKKT9")));
    // Cyrillic А and Latin B read as what they look like: A, В.
    assert_eq!(typed("ААА", poker, Lang::Ru), Ok(hand_of("AAAT9")));
    assert_eq!(typed("BB", poker, Lang::Ru), Ok(hand_of("JJQT9")));
    // Mixed, but only one reading makes a hand (Т and A make a pair only
    // as aces): no question.
    assert_eq!(typed("ТA", poker, Lang::Ru), Ok(hand_of("AAJT9")));
    // Six dice are no notation: refused, not asked about.
    assert!(matches!(
        read_claim("ТТТТТ9", poker),
        Err(ClaimError::Unreadable { .. })
    ));
}

/// Every human question is answered from piped input; the claim "ТТТ"
/// is confirmed before it is made.
fn play_with(answers: &str) -> String {
    play_on("", answers)
}

/// `liar play` in Russian at a table whose `[rules]` add `rules`, the
/// person first, with `answers` piped in.
fn play_on(rules: &str, answers: &str) -> String {
    let dir = crate::support::temp_dir("words-either");
    let table = dir.join("table.toml");
    let toml = r#"
lang = "ru"
[match]
games = 1
[rules]
seating = "listed"
{rules}
[[seats]]
name = "Аня"
type = "human"
[[seats]]
name = "Бот"
type = "bot"
bundled = "honest"
[[seats]]
name = "Стат"
type = "bot"
bundled = "statistician"
"#;
    std::fs::write(&table, toml.replace("{rules}", rules)).unwrap();
    let out = crate::support::liar()
        .args(["play", "--seed", "3"])
        .arg(&table)
        .write_stdin(answers.to_string())
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn liar_play_asks_which_reading_and_takes_the_answer() {
    // A Latin T and two Cyrillic Т: the alphabets are mixed.
    let question = "Какую заявку вы имели в виду: тройка тузов (Т Т Т) — «да», \
                    или тройка десяток (10 10 10) — «нет»?";
    let yes = play_with("TТТ\nда\n");
    assert!(yes.contains(question), "{yes}");
    assert!(
        yes.contains("Вы заявляете: тройка тузов (Т Т Т 10 9)."),
        "{yes}"
    );
    let no = play_with("TТТ\nнет\n");
    assert!(no.contains(question), "{no}");
    assert!(
        no.contains("Вы заявляете: тройка десяток (10 10 10 В 9)."),
        "{no}"
    );
    // The faces named answer too.
    let aces = play_with("TТТ\nтузы\n");
    assert!(
        aces.contains("Вы заявляете: тройка тузов (Т Т Т 10 9)."),
        "{aces}"
    );
    // Anything else refuses the claim, and the question comes again.
    let neither = play_with("TТТ\nможет быть\n10 10 10\n");
    assert!(neither.contains("Ни «да», ни «нет»"), "{neither}");
    assert!(
        neither.contains("Вы заявляете: тройка десяток (10 10 10 В 9)."),
        "{neither}"
    );
}

#[test]
fn liar_play_on_standard_dice_refuses_poker_words_in_russian_and_takes_pips() {
    let out = play_on("dice = \"standard\"", "three kings\nтри шестёрки\n");
    let refusal = "Не понимаю «three kings» как комбинацию (у обычных кубиков нет грани «kings»";
    assert!(out.contains(refusal), "{out}");
    assert!(
        out.contains("часть комбинации (666) или словами (три шестёрки)"),
        "{out}"
    );
    assert!(out.contains("Вы заявляете: три шестёрки (66632)."), "{out}");
    for poker in ["королей", "тузов", "KKK"] {
        assert!(!out.contains(poker), "{poker}: {out}");
    }
}

#[test]
fn no_two_faces_look_alike_and_each_reads_back() {
    use liar::rules::Face;
    // Letters that look the same whichever alphabet they are typed in.
    let looks = |label: &str| {
        label
            .chars()
            .map(|c| match c {
                'Т' => 'T',
                'К' => 'K',
                'В' => 'B',
                'А' => 'A',
                other => other,
            })
            .collect::<String>()
    };
    for dice in [DiceKind::Poker, DiceKind::Standard] {
        for lang in [Lang::En, Lang::Ru] {
            let labels: Vec<&str> = Face::ALL.iter().map(|f| f.shown(dice, lang)).collect();
            for (i, a) in labels.iter().enumerate() {
                for b in &labels[i + 1..] {
                    assert_ne!(looks(a), looks(b), "{dice:?} {lang:?}: {labels:?}");
                }
            }
        }
    }
    // Russian shows tens as 10, which reads as the ten with no question.
    let poker: Naming = Ranking::default().into();
    assert_eq!(
        Face::ALL.map(|f| f.shown(DiceKind::Poker, Lang::Ru)),
        ["9", "10", "В", "Д", "К", "Т"]
    );
    assert_eq!(typed("10 10 10 9 9", poker, Lang::Ru), Ok(hand_of("TTT99")));
    assert_eq!(typed("Д Д Д 9 9", poker, Lang::Ru), Ok(hand_of("QQQ99")));
}
