//! What a bot is given, against what its documentation says: a recording
//! bot plays a real match and logs the keys of every view, rules table,
//! history entry and event; `bots/README.md` and `bots/liar.d.lua` must name
//! exactly those. (The `liar.*` functions are generated from their
//! declarations and checked by `lua::api::reference`.)

use crate::support::{liar, stdout_of, temp_dir};
use std::collections::{BTreeMap, BTreeSet};

type Keys = BTreeSet<String>;

/// What the recorder was given: kind ("view", "rules", "action:claim",
/// "event:challenge", …) → the union of the keys it saw.
fn recorded() -> BTreeMap<String, Keys> {
    let dir = temp_dir("bot-docs");
    let replay = dir.join("replay.jsonl");
    stdout_of(
        liar()
            .args(["simulate", "--table", "tests/fixtures/docs/table.toml"])
            .args(["--seed", "5", "--replay"])
            .arg(&replay),
    );
    let mut kinds: BTreeMap<String, Keys> = BTreeMap::new();
    for line in std::fs::read_to_string(&replay).expect("a replay").lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
        if value["type"] != "log" || value["seat"] != 0 {
            continue;
        }
        let text = value["text"].as_str().expect("text");
        let (kind, keys) = text.split_once(' ').unwrap_or((text, ""));
        kinds
            .entry(kind.to_string())
            .or_default()
            .extend(keys.split(',').filter(|k| !k.is_empty()).map(String::from));
    }
    kinds
}

/// The backticked names in `cell` that are identifiers (not quoted values).
fn names(cell: &str) -> Keys {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .filter(|n| n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .map(String::from)
        .collect()
}

/// The rows of the first table after `heading` in the README: its cells.
fn readme_table(readme: &str, heading: &str) -> Vec<Vec<String>> {
    let start = readme.find(heading).unwrap_or_else(|| panic!("{heading}"));
    readme[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2) // header and rule
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// The fields of `---@class name` in liar.d.lua.
fn class_fields(defs: &str, name: &str) -> Keys {
    defs.lines()
        .skip_while(|l| l.trim() != format!("---@class {name}"))
        .skip(1)
        .take_while(|l| l.starts_with("---@field "))
        .map(|l| {
            l["---@field ".len()..]
                .split([' ', '?'])
                .next()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

fn without(keys: &Keys, name: &str) -> Keys {
    keys.iter().filter(|k| *k != name).cloned().collect()
}

#[test]
fn the_documentation_names_exactly_what_a_bot_is_given() {
    let got = recorded();
    let readme = std::fs::read_to_string("bots/README.md").expect("bots/README.md");
    let defs = std::fs::read_to_string("bots/liar.d.lua").expect("bots/liar.d.lua");

    // The view and its rules.
    let view_rows = readme_table(&readme, "## The view");
    let readme_view: Keys = view_rows.iter().flat_map(|r| names(&r[0])).collect();
    assert_eq!(readme_view, got["view"], "README's view table");
    assert_eq!(class_fields(&defs, "LiarView"), got["view"], "LiarView");
    let rules_rows = readme_table(&readme, "`view.rules`:");
    let readme_rules: Keys = rules_rows.iter().flat_map(|r| names(&r[0])).collect();
    assert_eq!(readme_rules, got["rules"], "README's rules table");
    assert_eq!(class_fields(&defs, "LiarRules"), got["rules"], "LiarRules");

    // History entries, by action.
    let mut action_union = Keys::new();
    for row in readme_table(&readme, "History entries:") {
        let action = row[0].trim_matches(['`', '"']);
        let recorded = &got[&format!("action:{action}")];
        assert_eq!(names(&row[1]), without(recorded, "action"), "{action}");
        action_union.extend(recorded.iter().cloned());
    }
    assert_eq!(
        class_fields(&defs, "LiarAction"),
        action_union,
        "LiarAction"
    );

    // Events, by type: every type is documented and was seen.
    let rows = readme_table(&readme, "## Events");
    let mut event_union = Keys::new();
    for row in &rows {
        let kind = row[0].trim_matches(['`', '"']);
        let recorded = got
            .get(&format!("event:{kind}"))
            .unwrap_or_else(|| panic!("the match never gave a {kind} event: {got:?}"));
        assert_eq!(names(&row[1]), without(recorded, "type"), "event {kind}");
        event_union.extend(recorded.iter().cloned());
    }
    let seen_types = got.keys().filter(|k| k.starts_with("event:")).count();
    assert_eq!(rows.len(), seen_types, "an event type the README lacks");
    assert_eq!(class_fields(&defs, "LiarEvent"), event_union, "LiarEvent");
}
