//! Reading claims end to end: from text through [`parse_words`].

use super::super::claim::Lang;
use super::super::face::DiceKind;
use super::super::ranking::Ranking;
use super::parse_words;

fn lowest(text: &str) -> Result<String, String> {
    let pattern = parse_words(text, None).map_err(|r| r.text(Lang::En, DiceKind::Poker))?;
    pattern
        .lowest(Ranking::default())
        .map(|h| h.to_string())
        .ok_or_else(|| "no such hand".to_string())
}

#[test]
fn numbers_are_counts_first_and_faces_later() {
    assert_eq!(lowest("three threes").as_deref(), Ok("TTTJ9"));
    assert_eq!(lowest("two pairs, fives and twos").as_deref(), Ok("QQ99T"));
    assert_eq!(lowest("three kings and a five").as_deref(), Ok("KKKQ9"));
    assert_eq!(lowest("three kings and one queen").as_deref(), Ok("KKKQ9"));
    assert_eq!(lowest("three queens and two nines").as_deref(), Ok("QQQ99"));
    assert_eq!(lowest("two nines and three queens").as_deref(), Ok("QQQ99"));
    assert_eq!(lowest("two kings and two nines").as_deref(), Ok("KK99T"));
    assert_eq!(lowest("pair of 6s").as_deref(), Ok("KKJT9"));
    assert_eq!(lowest("3 Ks").as_deref(), Ok("KKKT9"));
}

#[test]
fn reasons_are_specific() {
    let reason = |t: &str| {
        let why = parse_words(t, None).unwrap_err();
        why.text(Lang::En, DiceKind::Poker)
    };
    assert_eq!(reason("seven dwarves"), "unknown word \"dwarves\"");
    assert_eq!(reason("!!! ,,, --"), "no hand named");
    assert_eq!(
        reason("full house kings over kings"),
        "a full house needs two different faces"
    );
    assert_eq!(
        reason("two pairs kings and kings"),
        "two pairs need two different faces"
    );
    assert_eq!(
        reason("five kings and queens"),
        "five of a kind leaves no room for other dice"
    );
    assert!(reason("six aces").contains("only five dice"));
    assert!(reason("4294967296 aces").contains("only five dice"));
    assert_eq!(reason("three kings with king"), "kings named twice");
    assert!(reason("kings").contains("how many kings"));
    assert!(reason("three kings and three nines").contains("more than five"));
    assert!(reason("three of kings").contains("\"kind\""));
    assert!(reason("pair of aces with").contains("expected a face"));
    assert!(reason("high").contains("\"straight\""));
    assert!(reason("straight with ace").contains("no room"));
    assert!(reason("pair pair").contains("unexpected \"pair\""));
}

/// The faces a table's dice have, and no others.
#[test]
fn each_kind_of_dice_reads_its_own_faces() {
    let read = |t: &str, dice| {
        parse_words(t, Some(dice))
            .map_err(|r| r.text(Lang::En, dice))
            .and_then(|p| p.lowest(Ranking::default()).ok_or_else(String::new))
            .map(|h| h.labels(dice))
    };
    let standard = DiceKind::Standard;
    let poker = DiceKind::Poker;
    assert_eq!(read("three twos", standard).as_deref(), Ok("22243"));
    assert_eq!(read("три двойки", standard).as_deref(), Ok("22243"));
    assert_eq!(
        read("pair of ones with six", standard).as_deref(),
        Ok("11632")
    );
    // On standard dice "one" before a face is the face 1, not an article.
    assert_eq!(
        read("nothing: one, six, five, four and two", standard).as_deref(),
        Ok("16542")
    );
    assert_eq!(
        read(
            "ничего: единица, шестёрка, пятёрка, тройка и двойка",
            standard
        )
        .as_deref(),
        Ok("16532")
    );
    assert_eq!(read("три тройки", standard).as_deref(), Ok("33342"));
    assert_eq!(read("тройка троек", standard).as_deref(), Ok("33342"));
    for (text, typed) in [
        ("three kings", "kings"),
        ("pair of 10s", "10s"),
        ("пара тузов", "тузов"),
    ] {
        let why = read(text, standard).unwrap_err();
        assert!(
            why.contains(&format!("no face \"{typed}\"")),
            "{text}: {why}"
        );
    }
    for (text, typed) in [
        ("three twos", "twos"),
        ("pair of 5s", "5s"),
        ("три двойки", "двойки"),
    ] {
        let why = read(text, poker).unwrap_err();
        assert!(
            why.contains(&format!("no face \"{typed}\"")),
            "{text}: {why}"
        );
    }
    // A pip number where a poker face is wanted.
    let why = read("three kings and a five", poker).unwrap_err();
    assert!(why.contains("no face \"five\""), "{why}");
    assert_eq!(
        read("three kings and one queen", poker).as_deref(),
        Ok("KKKQ9")
    );
}
