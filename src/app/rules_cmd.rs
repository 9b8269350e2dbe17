//! `liar rules`: the rules in words, for the book's game or a table's variant.

use super::{Context, Failure, lang};
use crate::cli::RulesArgs;
use crate::config::load_table;
use crate::i18n::rules_text;
use crate::rules::Rules;

/// `liar rules`.
pub fn run(args: &RulesArgs, ctx: &Context) -> Result<(), Failure> {
    let (rules, table_lang) = match &args.table {
        Some(path) => {
            let table = load_table(path)?;
            (table.rules, table.lang)
        }
        None => (Rules::default(), None),
    };
    let text = rules_text(lang::resolve(ctx.lang, table_lang), &rules);
    super::stdout::print("rules", &text)
}
