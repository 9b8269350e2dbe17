//! The Lua bots shipped inside the binary (the files in `bots/`).

/// One bundled bot: its name in files and flags, its file in the source
/// tree, and its code, embedded at build time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BundledBot {
    /// The name `bundled = "..."` and `--bot` use.
    pub name: &'static str,
    /// Its file, relative to the repository root (`bots/<name>.lua`); error
    /// messages name the bot's code by it.
    pub file: &'static str,
    /// The Lua source.
    pub source: &'static str,
}

impl BundledBot {
    /// The bundled bot called `name`.
    ///
    /// ```
    /// use liar::setup::BundledBot;
    /// let honest = BundledBot::named("honest").unwrap();
    /// assert_eq!(honest.file, "bots/honest.lua");
    /// assert!(honest.source.contains("api_version = 1"));
    /// assert!(BundledBot::named("nope").is_none());
    /// ```
    pub fn named(name: &str) -> Option<&'static BundledBot> {
        BUNDLED.iter().find(|b| b.name == name)
    }
}

/// Lists each bundled bot once, by name; its file and code follow from it.
macro_rules! bundled_bots {
    ($($name:literal),+ $(,)?) => {
        /// Every bundled bot, in the order messages list them.
        pub const BUNDLED: &[BundledBot] = &[$(BundledBot {
            name: $name,
            file: concat!("bots/", $name, ".lua"),
            source: include_str!(concat!("../../bots/", $name, ".lua")),
        }),+];

        /// The names of the [`BUNDLED`] bots.
        pub const BUNDLED_BOTS: &[&str] = &[$($name),+];
    };
}

bundled_bots![
    "random",
    "honest",
    "bluffer",
    "statistician",
    "always_challenge",
    "never_challenge",
    "expert",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bundled_bot_is_listed_once_with_its_file() {
        for (i, bot) in BUNDLED.iter().enumerate() {
            assert_eq!(bot.name, BUNDLED_BOTS[i]);
            assert_eq!(bot.file, format!("bots/{}.lua", bot.name));
            assert!(bot.source.contains("api_version"), "{}", bot.name);
            assert_eq!(BundledBot::named(bot.name), Some(bot));
        }
        let mut names = BUNDLED_BOTS.to_vec();
        names.dedup();
        assert_eq!(names.len(), BUNDLED.len());
    }
}
