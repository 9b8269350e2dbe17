//! Tournament speed at 1 and 2 threads, with built-in bots and with the
//! bundled Lua bots. Run with `cargo bench --bench tournament` on an
//! otherwise idle machine; each figure is the best of a few runs. Pass
//! `native` or `lua` to run only one half.

use liar::tournament::*;

/// The bundled Lua bots, as the app's factory would make them.
struct LuaFactory(Vec<&'static str>);

impl PlayerFactory for LuaFactory {
    type Player = liar::lua::LuaBot;
    fn make(&self, bot: usize) -> Result<liar::lua::LuaBot, String> {
        let name = self.0.get(bot).ok_or("no such bot")?;
        liar::lua::LuaBot::bundled(name, &liar::lua::BotLimits::default())
            .map_err(|e| e.to_string())
    }
}

fn spec(names: &[&str], games: u64) -> TournamentSpec {
    let bots = names
        .iter()
        .enumerate()
        .map(|(i, n)| BotEntry {
            name: format!("{n}{i}"),
            ..BotEntry::native(n)
        })
        .collect();
    TournamentSpec::new(bots, names.len(), Length::Games(games), 1)
}

fn games_per_sec<F: PlayerFactory>(spec: &TournamentSpec, factory: &F, jobs: usize) -> Results {
    let options = RunOptions {
        jobs,
        ..RunOptions::default()
    };
    let results = run(spec, factory, &options).unwrap();
    assert_eq!(results.games.len() as u64, results.scheduled);
    results
}

/// Best games/s at 1 and at 2 threads over `tries` alternating runs; checks
/// that both give the same results.
fn compare<F: PlayerFactory>(label: &str, spec: &TournamentSpec, factory: &F, tries: usize) {
    let strip = |r: &Results| render(r, OutputFormat::Json, TimingOutput::Omit);
    let (mut one, mut two) = (0f64, 0f64);
    let mut last = None;
    for _ in 0..tries {
        let a = games_per_sec(spec, factory, 1);
        let b = games_per_sec(spec, factory, 2);
        assert_eq!(strip(&a), strip(&b));
        one = one.max(a.games_per_sec().unwrap());
        two = two.max(b.games_per_sec().unwrap());
        last = Some(b);
    }
    println!(
        "{label}: {one:.0} games/s on 1 thread, {two:.0} on 2: {:.2}x",
        two / one
    );
    if let Some(t) = last.and_then(|r| r.timing) {
        for b in &t.bots {
            println!(
                "  {}: mean {:.1} us, worst {:.1} us",
                b.name, b.mean_micros, b.max_micros
            );
        }
    }
}

fn native_speed_at_one_and_two_threads() {
    let names = ["random", "honest", "honest"];
    let factory = NativeFactory::named(&names).unwrap();
    compare("2 built-in bots", &spec(&names[..2], 200_000), &factory, 5);
    compare("3 built-in bots", &spec(&names, 100_000), &factory, 5);
}

fn lua_speed_at_one_and_two_threads() {
    let names = vec!["honest", "random", "statistician"];
    let spec = spec(&names, 2_000);
    compare("3 bundled Lua bots", &spec, &LuaFactory(names), 5);
    // What a fresh Lua state costs: a Lua bot rebuilds its state each
    // match, and every tournament game is a match.
    let start = std::time::Instant::now();
    for _ in 0..100 {
        LuaFactory(vec!["statistician"]).make(0).unwrap();
    }
    println!(
        "  loading a bot: {:.0} us",
        start.elapsed().as_secs_f64() * 1e4
    );
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument picks a half.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wanted = |half: &str| only.is_empty() || only.iter().any(|a| a == half);
    if wanted("native") {
        native_speed_at_one_and_two_threads();
    }
    if wanted("lua") {
        lua_speed_at_one_and_two_threads();
    }
}
