//! `params = { ... }` of a bot seat: values the bot reads as `liar.params`.

use super::error::{ConfigError, Problem};
use super::raw::Table;
use crate::setup::{BotParams, ParamProblem};

/// Reads a seat's `params` table: every key a parameter name, every value
/// a number, a string or a boolean (see [`BotParams::insert`]).
pub(crate) fn read_params(t: &Table<'_, '_>) -> Result<BotParams, ConfigError> {
    let mut params = BotParams::default();
    for (name, span) in t.keys() {
        let Some(f) = t.field(name) else { continue };
        let value = t.param_value(&f)?;
        params.insert(name, value).map_err(|problem| {
            // A bad name is shown at the key, anything else at the value.
            let at = if problem == ParamProblem::BadName {
                &span
            } else {
                &f.span()
            };
            t.bad_value(at, name, Problem::BadParam(problem))
        })?;
    }
    Ok(params)
}

#[cfg(test)]
mod tests {
    use crate::config::{ConfigError, ErrorKind, Expected, Problem, parse_table};
    use crate::setup::{BotParams, ParamProblem, ParamValue};
    use std::path::Path;

    /// A table whose third seat, a bundled bot, has `params = PARAMS`.
    fn parse(params: &str) -> Result<BotParams, ConfigError> {
        let text = format!(
            "[[seats]]\nname = \"A\"\ntype = \"human\"\n\
             [[seats]]\nname = \"B\"\ntype = \"native\"\npolicy = \"native-random\"\n\
             [[seats]]\nname = \"C\"\ntype = \"bot\"\nbundled = \"honest\"\nparams = {params}\n"
        );
        parse_table(&text, Path::new("t.toml")).map(|t| t.seats[2].params.clone())
    }

    fn problem(e: &ConfigError) -> Option<ParamProblem> {
        match e.problem() {
            Problem::BadParam(p) => Some(*p),
            _ => None,
        }
    }

    #[test]
    fn each_kind_of_value_is_read_as_lua_will_hold_it() {
        let params =
            parse("{ slack = 0.04, depth = 0x10, bold = true, style = \"sly\", big = 1e3 }")
                .unwrap();
        let got: Vec<(&str, &ParamValue)> = params.iter().collect();
        assert_eq!(
            got,
            [
                ("big", &ParamValue::Float(1000.0)),
                ("bold", &ParamValue::Bool(true)),
                ("depth", &ParamValue::Int(16)),
                ("slack", &ParamValue::Float(0.04)),
                ("style", &ParamValue::Text("sly".into())),
            ]
        );
    }

    #[test]
    fn a_seat_without_params_has_none() {
        let text = "[[seats]]\nname = \"A\"\ntype = \"bot\"\nbundled = \"honest\"\n\
            [[seats]]\nname = \"B\"\ntype = \"bot\"\nbundled = \"honest\"\n\
            [rules]\nmin_players = 2\n";
        let t = parse_table(text, Path::new("t.toml")).unwrap();
        assert!(t.seats.iter().all(|s| s.params.is_empty()));
    }

    #[test]
    fn a_bad_name_is_shown_at_its_key() {
        let e = parse("{ ok = 1, \"2fast\" = 2 }").unwrap_err();
        assert_eq!(problem(&e), Some(ParamProblem::BadName));
        assert_eq!(e.key(), Some("seats[2].params.2fast"));
        let loc = e.location().unwrap();
        assert_eq!((loc.line, loc.column), (12, 20));
    }

    #[test]
    fn values_lua_cannot_take_are_refused_at_the_value() {
        let e = parse("{ x = nan }").unwrap_err();
        assert_eq!(problem(&e), Some(ParamProblem::NotFinite));
        assert_eq!(e.location().map(|l| l.column), Some(16));
        let e = parse("{ x = -inf }").unwrap_err();
        assert_eq!(problem(&e), Some(ParamProblem::NotFinite));
        for nested in ["{ x = [1, 2] }", "{ x = { y = 1 } }", "{ x = 1979-05-27 }"] {
            let e = parse(nested).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::WrongType, "{nested}");
            assert!(
                matches!(
                    e.problem(),
                    Problem::WrongType {
                        expected: Expected::ParamValue,
                        ..
                    }
                ),
                "{nested}"
            );
            assert_eq!(e.key(), Some("seats[2].params.x"), "{nested}");
        }
        let long = "a".repeat(BotParams::MAX_TEXT_BYTES + 1);
        let e = parse(&format!("{{ x = \"{long}\" }}")).unwrap_err();
        assert_eq!(problem(&e), Some(ParamProblem::TextTooLong));
    }

    #[test]
    fn too_many_params_are_refused_at_the_first_one_too_many() {
        let n = BotParams::MAX_PARAMS;
        let list: Vec<String> = (0..=n).map(|i| format!("p{i:03} = {i}")).collect();
        assert!(parse(&format!("{{ {} }}", list[..n].join(", "))).is_ok());
        let e = parse(&format!("{{ {} }}", list.join(", "))).unwrap_err();
        assert_eq!(problem(&e), Some(ParamProblem::TooMany));
        assert_eq!(e.key(), Some(format!("seats[2].params.p{n:03}").as_str()));
    }

    #[test]
    fn only_lua_bots_take_params() {
        let text = "[[seats]]\nname = \"A\"\ntype = \"native\"\npolicy = \"native-random\"\n\
            params = { x = 1 }\n\
            [[seats]]\nname = \"B\"\ntype = \"bot\"\nbundled = \"honest\"\n\
            [rules]\nmin_players = 2\n";
        let e = parse_table(text, Path::new("t.toml")).unwrap_err();
        assert_eq!(e.key(), Some("seats[0].params"));
        assert!(matches!(e.problem(), Problem::NotForSeatType { .. }));
    }

    #[test]
    fn params_must_be_a_table() {
        let e = parse("3").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::WrongType);
        assert_eq!(e.key(), Some("seats[2].params"));
    }
}
