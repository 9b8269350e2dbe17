//! How each entry of the `liar` module is declared: its Lua signature and
//! its doc, once. The README's table of helpers (`bots/README.md`) and the
//! editor's type definitions (`bots/liar.d.lua`) are generated from these
//! declarations; a test fails when the committed files differ and says how
//! to regenerate them.
//!
//! The declarations sit beside the code: the Rust functions in `hands.rs`,
//! `odds.rs` and `random.rs`, the values and the helpers `prelude.lua`
//! defines in `mod.rs`.

use super::API_VERSION;
use super::names::{category_names, face_names};

/// One entry of the `liar` module.
#[derive(Debug)]
pub(crate) struct Entry {
    /// The name after `liar.`.
    pub(crate) name: &'static str,
    /// What it is or returns, in Markdown, starting in lower case (the
    /// README's table cell; the editor shows it as a sentence). `{faces}`,
    /// `{categories}` and `{api_version}` stand for those lists and numbers.
    pub(crate) doc: &'static str,
    pub(crate) kind: Kind,
}

/// A value or a function.
#[derive(Debug)]
pub(crate) enum Kind {
    /// A value of this LuaLS type.
    Value(&'static str),
    /// A function.
    Function {
        params: &'static [Param],
        returns: &'static [Return],
        /// Further LuaLS annotations (`@overload fun(): number`).
        annotations: &'static [&'static str],
    },
}

/// A parameter of a function.
#[derive(Debug)]
pub(crate) struct Param {
    pub(crate) name: &'static str,
    /// Its LuaLS type.
    pub(crate) ty: &'static str,
    /// Whether it may be left out.
    pub(crate) optional: bool,
    /// A note for the editor ("" for none).
    pub(crate) note: &'static str,
}

/// A function's kind with no further annotations.
pub(crate) const fn function(params: &'static [Param], returns: &'static [Return]) -> Kind {
    Kind::Function {
        params,
        returns,
        annotations: &[],
    }
}

/// A required parameter.
pub(crate) const fn param(name: &'static str, ty: &'static str) -> Param {
    Param {
        name,
        ty,
        optional: false,
        note: "",
    }
}

/// A parameter that may be left out.
pub(crate) const fn optional(name: &'static str, ty: &'static str, note: &'static str) -> Param {
    Param {
        name,
        ty,
        optional: true,
        note,
    }
}

/// A result of a function: its LuaLS type and a name ("" for none).
#[derive(Debug)]
pub(crate) struct Return(pub(crate) &'static str, pub(crate) &'static str);

/// The face names, each in double quotes (`"9"`).
fn quoted_faces() -> Vec<String> {
    face_names().map(|f| format!("\"{f}\"")).collect()
}

impl Entry {
    /// The doc with its placeholders filled in.
    fn text(&self) -> String {
        let faces = quoted_faces();
        let categories: Vec<String> = category_names().map(|c| format!("`\"{c}\"`")).collect();
        let (rest, last) = categories.split_at(categories.len().saturating_sub(1));
        self.doc
            .replace("{faces}", &format!("{{{}}}", faces.join(", ")))
            .replace(
                "{categories}",
                &format!("{} or {}", rest.join(", "), last.concat()),
            )
            .replace("{api_version}", &API_VERSION.to_string())
    }

    /// How the README shows a call: `liar.describe(hand [, lang])`.
    fn call(&self) -> String {
        let Kind::Function { params, .. } = &self.kind else {
            return format!("liar.{}", self.name);
        };
        let mut args = String::new();
        let mut open = 0;
        for (i, p) in params.iter().enumerate() {
            match (i, p.optional) {
                (0, false) => args.push_str(p.name),
                (0, true) => args.push_str(&format!("[{}", p.name)),
                (_, false) => args.push_str(&format!(", {}", p.name)),
                (_, true) => args.push_str(&format!(" [, {}", p.name)),
            }
            open += usize::from(p.optional);
        }
        format!("liar.{}({args}{})", self.name, "]".repeat(open))
    }
}

/// The README's table of helpers (header included).
pub(crate) fn markdown_table(entries: &[&Entry]) -> String {
    let mut out = String::from("| helper | returns |\n|---|---|\n");
    for e in entries {
        out.push_str(&format!("| `{}` | {} |\n", e.call(), e.text()));
    }
    out
}

/// `text` as a sentence: capitalised, ending with a full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut s: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    if !s.ends_with('.') {
        s.push('.');
    }
    s
}

/// `text` as LuaLS doc lines (`---`), wrapped at 79 columns.
fn doc_lines(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && 3 + line.len() + 1 + word.len() > 79 {
            out.push_str(&format!("---{line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&format!("---{line}\n"));
    out
}

/// The LuaLS aliases of faces and categories.
pub(crate) fn lua_aliases() -> String {
    let faces = quoted_faces();
    let mut out = format!(
        "---A face, lowest to highest: {}.\n---@alias LiarFace {}\n\n---@alias LiarCategory\n",
        faces.join(" "),
        faces.join("|")
    );
    for c in category_names() {
        out.push_str(&format!("---| \"{c}\"\n"));
    }
    out
}

/// The LuaLS definitions of the `liar` module.
pub(crate) fn lua_module(entries: &[&Entry]) -> String {
    let mut out = String::from(
        "---Helpers for bots. Hands may be given in any notation; nil stands for \"no\n\
         ---claim yet\", below every hand. All comparisons use the table's ranking.\n\
         ---@class liarlib\n",
    );
    for e in entries {
        if let Kind::Value(ty) = e.kind {
            let doc = sentence(&e.text());
            out.push_str(&format!("---@field {} {ty} {doc}\n", e.name));
        }
    }
    out.push_str("liar = {}\n");
    for e in entries {
        let Kind::Function {
            params,
            returns,
            annotations,
        } = e.kind
        else {
            continue;
        };
        out.push('\n');
        out.push_str(&doc_lines(&sentence(&e.text())));
        for a in annotations {
            out.push_str(&format!("---{a}\n"));
        }
        for p in params {
            let mark = if p.optional { "?" } else { "" };
            let note = if p.note.is_empty() {
                String::new()
            } else {
                format!(" {}", p.note)
            };
            out.push_str(&format!("---@param {}{mark} {}{note}\n", p.name, p.ty));
        }
        for Return(ty, name) in returns {
            let name = if name.is_empty() {
                String::new()
            } else {
                format!(" {name}")
            };
            out.push_str(&format!("---@return {ty}{name}\n"));
        }
        let names: Vec<&str> = params.iter().map(|p| p.name).collect();
        out.push_str(&format!(
            "function liar.{}({}) end\n",
            e.name,
            names.join(", ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::api_docs;
    use std::path::Path;

    /// The command that rewrites the generated regions of the docs.
    const REGENERATE: &str = "LIAR_REGENERATE_DOCS=1 cargo test --lib lua::api::reference";

    /// `text` with the lines between the markers of `region` replaced by
    /// `generated`; `None` if the markers are missing.
    fn splice(text: &str, region: &str, generated: &str) -> Option<String> {
        let begin = format!("<generated by src/lua/api: {region}>");
        let start = text.find(&begin)?;
        let body = start + text[start..].find('\n')? + 1;
        let end = body + text[body..].find("</generated>")?;
        let end_line = text[..end].rfind('\n').map_or(0, |i| i + 1);
        Some(format!("{}{generated}{}", &text[..body], &text[end_line..]))
    }

    #[test]
    fn committed_docs_match_the_declarations() {
        let regenerate = std::env::var_os("LIAR_REGENERATE_DOCS").is_some();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut stale = Vec::new();
        for (file, region, generated) in api_docs() {
            let path = root.join(file);
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
            let expected = splice(&text, region, &generated).unwrap_or_else(|| {
                panic!("{file} has no region {region} (<generated by src/lua/api: {region}> ... </generated>)")
            });
            if expected != text {
                if regenerate {
                    std::fs::write(&path, expected).unwrap_or_else(|e| panic!("{file}: {e}"));
                } else {
                    stale.push(format!("{file} ({region})"));
                }
            }
        }
        assert!(
            stale.is_empty(),
            "{} differ from the declarations in src/lua/api/; regenerate with:\n    {REGENERATE}",
            stale.join(", ")
        );
    }

    #[test]
    fn splice_replaces_only_the_region() {
        let text = "a\n-- <generated by src/lua/api: x>\nold\nlines\n-- </generated>\nb\n";
        assert_eq!(
            splice(text, "x", "new\n").as_deref(),
            Some("a\n-- <generated by src/lua/api: x>\nnew\n-- </generated>\nb\n")
        );
        assert_eq!(splice(text, "y", ""), None);
    }
}
