//! Reading claims end to end: from text through [`parse_words`].

use super::super::ranking::Ranking;
use super::parse_words;

fn lowest(text: &str) -> Result<String, String> {
    let pattern = parse_words(text)?;
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
    let reason = |t: &str| parse_words(t).unwrap_err();
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
