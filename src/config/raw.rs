//! The raw layer: the TOML text parsed into a spanned tree, read with strict
//! keys and types.
//!
//! Why not `#[derive(Deserialize)]` + `deny_unknown_fields`: `toml`'s
//! deserialization error keeps the key path private and words its messages
//! for Rust types ("expected u32"). Reading the spanned tree
//! ([`toml::de::DeTable`]) directly costs a few helpers and gives every
//! message the file, line, column, key path and the allowed values.

use super::error::{ConfigError, Expected, Found, Needed, Origin, PathUse, Problem, quote};
use crate::setup::{Named, ParamValue};
use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;
use toml::de::{DeString, DeTable, DeValue};

/// A config file is refused above this size: tables are a few kilobytes, and
/// a huge file is almost certainly the wrong file (a replay, a binary).
pub const MAX_CONFIG_BYTES: usize = 1 << 20;

/// Reads a config file as UTF-8 text, refusing huge files before reading them.
pub(crate) fn read_config(path: &Path) -> Result<String, ConfigError> {
    let fail = |problem: Problem| Origin::new(path, "").whole("", problem);
    let unreadable = |e: std::io::Error| {
        fail(Problem::CannotRead {
            error: e.to_string(),
        })
    };
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::new();
    // Read one byte past the cap to tell "at the cap" from "over it".
    file.take(MAX_CONFIG_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() > MAX_CONFIG_BYTES {
        return Err(fail(Problem::FileTooLarge {
            max: MAX_CONFIG_BYTES,
        }));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(e.as_bytes());
        Origin::new(path, &text).at(&(at..at), "", Problem::NotUtf8)
    })
}

/// Reads a whole config document: parses `text` (messages name `origin`,
/// relative paths resolve against its folder), reads the top-level `keys`
/// into `draft`, then lets `finish` check what needs the whole document.
pub(crate) fn read_document<D, T>(
    text: &str,
    origin: &Path,
    keys: &[Key<D>],
    mut draft: D,
    finish: impl FnOnce(&Table<'_, '_>, D) -> Result<T, ConfigError>,
) -> Result<T, ConfigError> {
    let o = Origin::new(origin, text);
    let doc = parse_document(&o)?;
    let root = Table::root(&o, &doc);
    root.read_keys(keys, &mut draft)?;
    finish(&root, draft)
}

/// Parses the whole document, turning TOML syntax errors into [`ConfigError`]s.
fn parse_document<'i>(o: &Origin<'i>) -> Result<Spanned<DeTable<'i>>, ConfigError> {
    if o.text().len() > MAX_CONFIG_BYTES {
        return Err(o.whole(
            "",
            Problem::TextTooLarge {
                bytes: o.text().len(),
                max: MAX_CONFIG_BYTES,
            },
        ));
    }
    DeTable::parse(o.text()).map_err(|e| {
        let mut problem = Problem::Syntax {
            detail: e.message().trim_end().to_string(),
        };
        // toml says "duplicate key" without the key; its span holds it.
        let key = e.span().and_then(|span| o.snippet(&span));
        if let (Some(key), "duplicate key") = (key, e.message()) {
            problem = Problem::SetTwice {
                key: quote(key.trim()),
            };
        }
        match e.span() {
            Some(span) => o.at(&span, "", problem),
            None => o.whole("", problem),
        }
    })
}

/// One key a section accepts, declared with how it is read: a section is a
/// list of these, so the keys it accepts (and the suggestions and messages
/// that name them) and what reading does come from one declaration.
pub(crate) struct Key<D> {
    name: &'static str,
    read: ReadKey<D>,
    after_others: bool,
}

/// Reads one present key's value into the section's result.
type ReadKey<D> = fn(&Table<'_, '_>, &Field<'_, '_>, &mut D) -> Result<(), ConfigError>;

impl<D> Key<D> {
    /// A key read in the order declared.
    pub(crate) const fn new(name: &'static str, read: ReadKey<D>) -> Self {
        Key {
            name,
            read,
            after_others: false,
        }
    }

    /// A key read after the section's other keys, whose values it needs.
    pub(crate) const fn after_others(name: &'static str, read: ReadKey<D>) -> Self {
        Key {
            name,
            read,
            after_others: true,
        }
    }
}

/// A TOML table being read: where it is and what its key path is.
pub(crate) struct Table<'t, 'i> {
    o: &'t Origin<'t>,
    map: &'t DeTable<'i>,
    span: Range<usize>,
    path: String,
}

/// One key's value, with the key path for messages.
pub(crate) struct Field<'t, 'i> {
    pub(crate) value: &'t Spanned<DeValue<'i>>,
    pub(crate) path: String,
}

impl<'t, 'i> Field<'t, 'i> {
    pub(crate) fn span(&self) -> Range<usize> {
        self.value.span()
    }
}

impl<'t, 'i> Table<'t, 'i> {
    /// The document's top-level table.
    pub(crate) fn root(o: &'t Origin<'t>, doc: &'t Spanned<DeTable<'i>>) -> Self {
        Table {
            o,
            map: doc.get_ref(),
            span: doc.span(),
            path: String::new(),
        }
    }

    /// The key path of this table (empty for the top level).
    pub(crate) fn path(&self) -> &str {
        &self.path
    }

    /// The span of the table (its header, for `[table]` and `[[array]]` tables).
    pub(crate) fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The key path of `key` inside this table.
    pub(crate) fn key_path(&self, key: &str) -> String {
        join_path(&self.path, key)
    }

    /// Refuses the first key (in file order) that is not in `allowed`.
    pub(crate) fn deny_unknown(&self, allowed: &[&str]) -> Result<(), ConfigError> {
        let mut unknown: Vec<&Spanned<DeString<'i>>> = self
            .map
            .keys()
            .filter(|k| !allowed.contains(&k.get_ref().as_ref()))
            .collect();
        unknown.sort_by_key(|k| k.span().start);
        let Some(key) = unknown.first() else {
            return Ok(());
        };
        let name: &str = key.get_ref();
        Err(self.o.at(
            &key.span(),
            &self.key_path(name),
            Problem::UnknownKey {
                suggestion: closest(name, allowed).map(str::to_string),
                allowed: allowed.join(", "),
            },
        ))
    }

    /// Reads a section declared by `keys` into `into`: refuses the first
    /// unknown key, then reads each key present in the order declared (keys
    /// declared [`Key::after_others`] last).
    pub(crate) fn read_keys<D>(&self, keys: &[Key<D>], into: &mut D) -> Result<(), ConfigError> {
        let names: Vec<&str> = keys.iter().map(|k| k.name).collect();
        self.deny_unknown(&names)?;
        for after_others in [false, true] {
            for key in keys.iter().filter(|k| k.after_others == after_others) {
                if let Some(f) = self.field(key.name) {
                    (key.read)(self, &f, into)?;
                }
            }
        }
        Ok(())
    }

    /// The keys present, in file order.
    pub(crate) fn keys(&self) -> Vec<(&'t str, Range<usize>)> {
        let mut keys: Vec<(&'t str, Range<usize>)> = self
            .map
            .keys()
            .map(|k| (k.get_ref().as_ref(), k.span()))
            .collect();
        keys.sort_by_key(|(_, span)| span.start);
        keys
    }

    /// The value of `key`, if present.
    pub(crate) fn field(&self, key: &str) -> Option<Field<'t, 'i>> {
        self.map.get(key).map(|value| Field {
            value,
            path: self.key_path(key),
        })
    }

    /// An error about this table as a whole (e.g. a missing key).
    pub(crate) fn error(&self, key: &str, problem: Problem) -> ConfigError {
        let path = if key.is_empty() {
            self.path.clone()
        } else {
            self.key_path(key)
        };
        if self.span.is_empty() && self.span.start == 0 {
            // The top-level table has no place of its own.
            self.o.whole(&path, problem)
        } else {
            self.o.at(&self.span, &path, problem)
        }
    }

    /// A required key: present, or a "missing" error at the table.
    pub(crate) fn require<T>(
        &self,
        key: &str,
        found: Option<T>,
        needed: Needed,
    ) -> Result<T, ConfigError> {
        found.ok_or_else(|| self.error(key, Problem::Missing(needed)))
    }

    /// A string value.
    pub(crate) fn string(&self, key: &str) -> Result<Option<Spanned<String>>, ConfigError> {
        self.field(key).map(|f| self.string_value(&f)).transpose()
    }

    /// Reads `f` as an integer in `min..=max`.
    pub(crate) fn integer_value(
        &self,
        f: &Field<'_, '_>,
        min: i64,
        max: i64,
    ) -> Result<Spanned<i64>, ConfigError> {
        let expected = Expected::Integer { min, max };
        let DeValue::Integer(int) = f.value.get_ref() else {
            return Err(self.wrong_type(f, expected));
        };
        let text = self.o.snippet(&f.span()).unwrap_or(int.as_str());
        // TOML integers are 64-bit; wider literals are out of range, not invalid.
        match i128::from_str_radix(int.as_str(), int.radix()) {
            Ok(n) if (i128::from(min)..=i128::from(max)).contains(&n) => {
                Ok(Spanned::new(f.span(), n as i64))
            }
            Ok(_) => Err(self.o.at(
                &f.span(),
                &f.path,
                Problem::OutOfRange {
                    value: crate::text::shorten(text, 24),
                    expected,
                },
            )),
            Err(_) => Err(self.o.at(
                &f.span(),
                &f.path,
                Problem::NotInteger { value: quote(text) },
            )),
        }
    }

    /// A string that must be one of `options` (named as in the file).
    pub(crate) fn choice<T: Copy>(
        &self,
        key: &str,
        options: &[(&str, T)],
    ) -> Result<Option<Spanned<T>>, ConfigError> {
        let Some(f) = self.field(key) else {
            return Ok(None);
        };
        self.choice_value(&f, options).map(Some)
    }

    /// Reads `f` as one of `T`'s names.
    pub(crate) fn named_value<T: Named>(&self, f: &Field<'_, '_>) -> Result<T, ConfigError> {
        Ok(self.choice_value(f, &T::choices())?.into_inner())
    }

    /// Reads `f` as a string.
    pub(crate) fn string_value(&self, f: &Field<'_, '_>) -> Result<Spanned<String>, ConfigError> {
        match f.value.get_ref() {
            DeValue::String(s) => Ok(Spanned::new(f.span(), s.to_string())),
            _ => Err(self.wrong_type(f, Expected::String)),
        }
    }

    /// Reads `f` as a path to write to, resolved against the config file's
    /// folder; `what` says what it holds, for an empty or unusable one.
    pub(crate) fn path_value(
        &self,
        f: &Field<'_, '_>,
        what: PathUse,
    ) -> Result<PathBuf, ConfigError> {
        let path = self.string_value(f)?;
        let given = path.get_ref();
        if given.trim().is_empty() || given.contains('\0') {
            return Err(self.o.at(&f.span(), &f.path, Problem::BadPath(what)));
        }
        Ok(self.o.resolve(given))
    }

    /// Reads `f` as true or false.
    pub(crate) fn boolean_value(&self, f: &Field<'_, '_>) -> Result<bool, ConfigError> {
        match f.value.get_ref() {
            DeValue::Boolean(b) => Ok(*b),
            _ => Err(self.wrong_type(f, Expected::Boolean)),
        }
    }

    /// Reads `f` as a bot parameter's value: a boolean, an integer, a
    /// float or a string (an infinite or NaN float is left to the caller).
    pub(crate) fn param_value(&self, f: &Field<'_, '_>) -> Result<ParamValue, ConfigError> {
        match f.value.get_ref() {
            DeValue::Boolean(b) => Ok(ParamValue::Bool(*b)),
            DeValue::String(s) => Ok(ParamValue::Text(s.to_string())),
            DeValue::Integer(_) => Ok(ParamValue::Int(
                self.integer_value(f, i64::MIN, i64::MAX)?.into_inner(),
            )),
            // TOML's float syntax is a subset of Rust's (inf and nan included).
            DeValue::Float(x) => match x.as_str().parse::<f64>() {
                Ok(v) => Ok(ParamValue::Float(v)),
                Err(_) => Err(self.wrong_type(f, Expected::ParamValue)),
            },
            _ => Err(self.wrong_type(f, Expected::ParamValue)),
        }
    }

    /// Reads `f` as one of `options`.
    pub(crate) fn choice_value<T: Copy>(
        &self,
        f: &Field<'_, '_>,
        options: &[(&str, T)],
    ) -> Result<Spanned<T>, ConfigError> {
        let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
        let listed = quoted_list(options);
        let DeValue::String(s) = f.value.get_ref() else {
            return Err(self.wrong_type(f, Expected::OneOf { allowed: listed }));
        };
        if let Some((_, v)) = options.iter().find(|(n, _)| *n == s.as_ref()) {
            return Ok(Spanned::new(f.span(), *v));
        }
        Err(self.o.at(
            &f.span(),
            &f.path,
            Problem::NotAllowed {
                value: quote(s),
                suggestion: closest(s, &names).map(str::to_string),
                allowed: listed,
            },
        ))
    }

    /// A sub-table `[key]` (or an inline table).
    pub(crate) fn table(&self, key: &str) -> Result<Option<Table<'t, 'i>>, ConfigError> {
        self.field(key).map(|f| self.table_value(&f)).transpose()
    }

    /// Reads `f` as a sub-table `[key]` (or an inline table).
    pub(crate) fn table_value(&self, f: &Field<'t, 'i>) -> Result<Table<'t, 'i>, ConfigError> {
        match f.value.get_ref() {
            DeValue::Table(map) => Ok(Table {
                o: self.o,
                map,
                span: f.span(),
                path: f.path.clone(),
            }),
            _ => Err(self.wrong_type(
                f,
                Expected::Table {
                    path: f.path.clone(),
                },
            )),
        }
    }

    /// Reads `f` as an array of tables `[[key]]`: its tables, paths `key[i]`.
    pub(crate) fn tables_value(
        &self,
        f: &Field<'t, 'i>,
    ) -> Result<Vec<Table<'t, 'i>>, ConfigError> {
        let DeValue::Array(items) = f.value.get_ref() else {
            let expected = Expected::Tables {
                path: f.path.clone(),
            };
            return Err(self.wrong_type(f, expected));
        };
        let mut tables = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let path = format!("{}[{i}]", f.path);
            match item.get_ref() {
                DeValue::Table(map) => tables.push(Table {
                    o: self.o,
                    map,
                    span: item.span(),
                    path,
                }),
                _ => {
                    let item = Field { value: item, path };
                    return Err(self.wrong_type(&item, Expected::Item));
                }
            }
        }
        Ok(tables)
    }

    /// A "wrong type" error for `f`.
    pub(crate) fn wrong_type(&self, f: &Field<'_, '_>, expected: Expected) -> ConfigError {
        let found = describe(f.value.get_ref());
        self.o
            .at(&f.span(), &f.path, Problem::WrongType { expected, found })
    }

    /// An error at a value.
    pub(crate) fn bad_value(
        &self,
        f_span: &Range<usize>,
        key: &str,
        problem: Problem,
    ) -> ConfigError {
        self.o.at(f_span, &self.key_path(key), problem)
    }

    /// The origin (for path resolution).
    pub(crate) fn origin(&self) -> &'t Origin<'t> {
        self.o
    }
}

/// The names of `options`, quoted, as messages list them: `"a", "b"`.
pub(crate) fn quoted_list<T>(options: &[(&str, T)]) -> String {
    let quoted: Vec<String> = options.iter().map(|(n, _)| format!("{n:?}")).collect();
    quoted.join(", ")
}

/// `path.key`, quoting keys that are not bare TOML keys.
fn join_path(path: &str, key: &str) -> String {
    let bare = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    let key = if bare { key.to_string() } else { quote(key) };
    if path.is_empty() {
        key
    } else {
        format!("{path}.{key}")
    }
}

/// A value's type and, for scalars, the value itself: `a string ("3")`.
fn describe(v: &DeValue<'_>) -> Found {
    match v {
        DeValue::String(s) => Found::String(quote(s)),
        DeValue::Integer(i) => Found::Integer(crate::text::shorten(i.as_str(), 24)),
        DeValue::Float(x) => Found::Float(crate::text::shorten(x.as_str(), 24)),
        DeValue::Boolean(b) => Found::Boolean(*b),
        DeValue::Datetime(_) => Found::Datetime,
        DeValue::Array(_) => Found::Array,
        DeValue::Table(_) => Found::Table,
    }
}

/// The allowed word closest to `word`, when it looks like a typo of it.
pub(crate) fn closest<'a>(word: &str, allowed: &[&'a str]) -> Option<&'a str> {
    if word.chars().count() > 40 {
        return None;
    }
    let word = word.to_lowercase();
    allowed
        .iter()
        .map(|a| (edit_distance(&word, a), *a))
        .filter(|(d, a)| *d <= 2 && *d < a.chars().count().max(2) - 1)
        .min_by_key(|(d, _)| *d)
        .map(|(_, a)| a)
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut row = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitute = prev[j] + usize::from(ca != *cb);
            row[j + 1] = substitute.min(prev[j + 1] + 1).min(row[j] + 1);
        }
        prev = row;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_catch_typos_only() {
        let keys = ["dice", "chips", "straights", "kickers"];
        assert_eq!(closest("chps", &keys), Some("chips"));
        assert_eq!(closest("Kicker", &keys), Some("kickers"));
        assert_eq!(closest("colour", &keys), None);
        assert_eq!(closest("x", &["ru", "en"]), None);
    }

    #[test]
    fn sections_read_in_declared_order_with_dependent_keys_last() {
        const KEYS: &[Key<Vec<&'static str>>] = &[
            Key::after_others("late", |_, _, seen| {
                seen.push("late");
                Ok(())
            }),
            Key::new("early", |_, _, seen| {
                seen.push("early");
                Ok(())
            }),
        ];
        let text = "late = 1\nearly = 2\n";
        let o = Origin::new(std::path::Path::new("t.toml"), text);
        let doc = parse_document(&o).unwrap();
        let mut seen = Vec::new();
        Table::root(&o, &doc).read_keys(KEYS, &mut seen).unwrap();
        assert_eq!(seen, ["early", "late"]);

        let o = Origin::new(std::path::Path::new("t.toml"), "erly = 1\n");
        let doc = parse_document(&o).unwrap();
        let err = Table::root(&o, &doc)
            .read_keys(KEYS, &mut seen)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "t.toml:1:1: erly: unknown key (did you mean \"early\"?); expected one of: late, early"
        );
    }

    #[test]
    fn odd_keys_are_quoted_in_paths() {
        assert_eq!(join_path("", "rules"), "rules");
        assert_eq!(join_path("rules", "a.b"), "rules.\"a.b\"");
        assert_eq!(join_path("seats[0]", ""), "seats[0].\"\"");
    }
}
