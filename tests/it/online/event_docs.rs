//! The public events and decision kinds of the protocol, against what
//! docs/online.md says of them (its `### Public events` section): every
//! example is a real `PublicEvent` and writes back as it is written, every
//! event type has a row and an example, and every decision kind is listed
//! with answers of its own kind.
//!
//! The lists of variants come from the code twice over: from serde (which
//! names every variant when it refuses an unknown one), so a new variant
//! without an example fails this test, and from exhaustive matches below, so
//! a new variant does not compile until it is named here.

use liar::engine::PublicEvent;
use liar::online::Move;
use liar::rules::DecisionKind;
use serde_json::Value;
use std::collections::BTreeSet;

const DOC: &str = include_str!("../../../docs/online.md");

/// The text of the `### Public events` section, up to the next heading.
fn section() -> &'static str {
    let start = DOC
        .find("\n### Public events\n")
        .expect("docs/online.md has a `### Public events` section")
        + 1;
    let body = &DOC[start..];
    let after_title = body.find('\n').expect("a line after the title") + 1;
    let end = body[after_title..]
        .find("\n#")
        .map_or(body.len(), |i| after_title + i + 1);
    &body[..end]
}

/// The lines of the section's ```json blocks.
fn json_lines(text: &str) -> Vec<&str> {
    let mut inside = false;
    let mut lines = Vec::new();
    for line in text.lines() {
        match line.trim() {
            "```json" => inside = true,
            "```" => inside = false,
            "" => {}
            l if inside => lines.push(l),
            _ => {}
        }
    }
    lines
}

/// The backticked spans of `text`.
fn ticks(text: &str) -> impl Iterator<Item = &str> {
    text.split('`').skip(1).step_by(2)
}

/// The names serde accepts for `T`'s variants, read from the error it gives
/// for a variant it does not know ("unknown variant `x`, expected one of
/// `a`, `b`, …").
fn serde_variants<T: serde::de::DeserializeOwned + std::fmt::Debug>(unknown: Value) -> Vec<String> {
    let error = serde_json::from_value::<T>(unknown).expect_err("an unknown variant");
    let message = error.to_string();
    let (_, expected) = message
        .split_once("expected")
        .unwrap_or_else(|| panic!("serde names the variants: {message}"));
    let names: Vec<String> = ticks(expected).map(String::from).collect();
    assert!(!names.is_empty(), "no variants in {message:?}");
    names
}

/// The `type` of an event, by an exhaustive match: a new variant of
/// `PublicEvent` does not compile until it is named here.
fn type_name(event: &PublicEvent) -> &'static str {
    match event {
        PublicEvent::Seating { .. } => "seating",
        PublicEvent::GameStart(_) => "game_start",
        PublicEvent::RoundStart(_) => "round_start",
        PublicEvent::Claim(_) => "claim",
        PublicEvent::Accept(_) => "accept",
        PublicEvent::Reroll { .. } => "reroll",
        PublicEvent::Challenge(_) => "challenge",
        PublicEvent::Penalty(_) => "penalty",
        PublicEvent::Eliminated(_) => "eliminated",
        PublicEvent::GameEnd(_) => "game_end",
    }
}

/// A decision kind's name, by an exhaustive match.
fn kind_name(kind: DecisionKind) -> &'static str {
    match kind {
        DecisionKind::Claim => "claim",
        DecisionKind::Respond => "respond",
        DecisionKind::Reroll => "reroll",
    }
}

#[test]
fn every_public_event_example_parses_and_writes_back() {
    let section = section();
    let lines = json_lines(section);
    assert!(!lines.is_empty(), "no JSON examples in the section");
    let mut shown = BTreeSet::new();
    for line in lines {
        let written: Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}"));
        let event: PublicEvent = serde_json::from_value(written.clone())
            .unwrap_or_else(|e| panic!("not a public event: {line}: {e}"));
        let back = serde_json::to_value(&event).expect("serialises");
        assert_eq!(back, written, "{line} writes back differently");
        assert_eq!(written["type"], type_name(&event), "{line}");
        shown.insert(type_name(&event).to_string());
    }

    let variants: BTreeSet<String> =
        serde_variants::<PublicEvent>(serde_json::json!({"type": "no_such_event"}))
            .into_iter()
            .collect();
    let missing: Vec<_> = variants.difference(&shown).collect();
    assert!(
        missing.is_empty(),
        "event types without an example: {missing:?}"
    );

    // The table: one row per type, named in its first cell.
    let rows: BTreeSet<String> = section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2) // header and rule
        .filter_map(|l| ticks(l).next())
        .map(String::from)
        .collect();
    assert_eq!(rows, variants, "the table's rows against the event types");
}

#[test]
fn every_decision_kind_is_listed_with_its_answers() {
    let section = section();
    let start = section
        .find("`your_turn.view.decision`")
        .expect("the section names `your_turn.view.decision`");
    // The bullet list after that paragraph: an item per kind, its lines
    // after the first indented.
    let mut items: Vec<String> = Vec::new();
    for line in section[start..]
        .lines()
        .skip_while(|l| !l.starts_with("- "))
    {
        if let Some(first) = line.strip_prefix("- ") {
            items.push(first.to_string());
        } else if let (Some(rest), Some(item)) = (line.strip_prefix("  "), items.last_mut()) {
            item.push(' ');
            item.push_str(rest.trim());
        } else {
            break;
        }
    }
    assert!(!items.is_empty(), "no list of decision kinds");

    let mut listed = BTreeSet::new();
    for item in &items {
        let name = ticks(item)
            .next()
            .unwrap_or_else(|| panic!("no kind: {item}"));
        let kind: DecisionKind = serde_json::from_value(Value::String(name.into()))
            .unwrap_or_else(|e| panic!("`{name}` is not a decision kind: {e}"));
        assert_eq!(kind_name(kind), name);
        assert_eq!(
            serde_json::to_value(kind).expect("serialises"),
            Value::String(name.into()),
            "`{name}` writes back differently"
        );
        assert!(listed.insert(name.to_string()), "`{name}` listed twice");

        let answers: Vec<&str> = ticks(item).filter(|t| t.starts_with('{')).collect();
        assert!(!answers.is_empty(), "`{name}` has no example answer");
        for answer in answers {
            let written: Value =
                serde_json::from_str(answer).unwrap_or_else(|e| panic!("not JSON: {answer}: {e}"));
            let answer_move: Move = serde_json::from_value(written.clone())
                .unwrap_or_else(|e| panic!("not a decision: {answer}: {e}"));
            assert_eq!(
                serde_json::to_value(&answer_move).expect("serialises"),
                written
            );
            let decision = answer_move
                .decision()
                .unwrap_or_else(|| panic!("not a legal decision: {answer}"));
            assert_eq!(decision.kind(), kind, "{answer} does not answer `{name}`");
        }
    }

    let variants: BTreeSet<String> =
        serde_variants::<DecisionKind>(Value::String("no_such_kind".into()))
            .into_iter()
            .collect();
    assert_eq!(listed, variants, "the kinds listed against the code's");
}
