//! Cutting text that people, files or bots wrote to a length fit to show
//! in one line. Everything that quotes such text cuts it here.

/// `text` cut to at most `max` characters, marked with `…` when cut.
///
/// ```
/// use liar::text::shorten;
/// assert_eq!(shorten("three kings", 40), "three kings");
/// assert_eq!(shorten("каре королей", 4), "каре…");
/// ```
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// `text` cut to at most `max` bytes at a character boundary, marked with
/// `…` when cut: for limits counted in bytes (a bot's log line).
///
/// ```
/// use liar::text::cut_bytes;
/// assert_eq!(cut_bytes("abc", 5), "abc");
/// assert_eq!(cut_bytes("абв", 3), "а…");
/// ```
pub fn cut_bytes(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// An integer as a message shows it: `1000`, `3_600_000` (TOML accepts both).
///
/// ```
/// use liar::text::group_digits;
/// assert_eq!(group_digits(1000), "1000");
/// assert_eq!(group_digits(65_536), "65_536");
/// assert_eq!(group_digits(3_600_000), "3_600_000");
/// assert_eq!(group_digits(i64::MIN), "-9_223_372_036_854_775_808");
/// ```
pub fn group_digits(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    if digits.len() <= 4 {
        return n.to_string();
    }
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('_');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}
