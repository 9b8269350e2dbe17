//! The bots shipped with the engine (the files in `bots/`, built in).

/// The names of the bundled bots (`bots/<name>.lua`).
pub const BUNDLED_BOTS: [&str; 6] = [
    "random",
    "honest",
    "bluffer",
    "statistician",
    "always_challenge",
    "never_challenge",
];

const SOURCES: [(&str, &str); 6] = [
    ("random", include_str!("../../bots/random.lua")),
    ("honest", include_str!("../../bots/honest.lua")),
    ("bluffer", include_str!("../../bots/bluffer.lua")),
    ("statistician", include_str!("../../bots/statistician.lua")),
    (
        "always_challenge",
        include_str!("../../bots/always_challenge.lua"),
    ),
    (
        "never_challenge",
        include_str!("../../bots/never_challenge.lua"),
    ),
];

/// The Lua source of a bundled bot.
///
/// ```
/// assert!(liar::lua::bundled_source("honest").unwrap().contains("api_version = 1"));
/// assert!(liar::lua::bundled_source("nope").is_none());
/// ```
pub fn bundled_source(name: &str) -> Option<&'static str> {
    SOURCES.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

pub(crate) fn source(name: &str) -> Option<&'static str> {
    bundled_source(name)
}
