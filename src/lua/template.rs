//! The starting point `liar new-bot NAME` writes.

const TEMPLATE: &str = r#"-- {{NAME}}.lua: a Liar Dice bot.
--
-- The engine calls the three functions below with a `view` of the table:
-- only what your seat may know (your dice only while you hold them). Seats
-- and dice positions count from 1; hands are strings such as "QQQ99" in the
-- letters 9 T J Q K A. The full reference is bots/README.md, and
-- bots/liar.d.lua lets your editor complete and check names.
--
-- Try it:  liar check-bot {{NAME}}.lua

---@type LiarBot
local bot = {
  api_version = 1, -- the contract this bot is written for (required)
  name = "{{NAME}}", -- how tables and replays name it
}

-- Tunable: challenge claims that five fresh dice reach less often than this.
local DOUBT = 0.15

-- The player before you claimed view.claim (made by seat view.claimer, who
-- threw view.rerolled dice again, or opened the round if that is nil).
-- Return true to challenge it, false to accept it and take the dice.
function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true -- nothing is higher, so it cannot be accepted
  end
  return liar.chance({}, view.claim) < DOUBT
end

-- You accepted and now hold the dice: view.dice lists the five faces in
-- position order, view.hand is their hand. Return the positions (1-5) to
-- throw again; {} keeps all five.
function bot.reroll(view)
  -- Aim at the lowest hand you may claim next, with the best odds.
  if liar.beats(view.hand, view.claim) then
    return {} -- already high enough
  end
  local positions, chance = liar.best_reroll(view.dice, liar.lowest_above(view.claim))
  if chance < 0.05 then
    -- liar.log (or print) writes a line to the bot's log in the replay.
    liar.log("a long shot: re-throwing", #positions, "dice, chance", chance)
  end
  return positions
end

-- Claim a hand strictly higher than view.claim (any hand when view.claim is
-- nil: you are opening the round). Any notation works: "QQQ99", "KKK",
-- "full house queens over nines"; so does a list of five faces.
function bot.claim(view)
  if liar.beats(view.hand, view.claim) then
    return view.hand -- the truth is good enough
  end
  return liar.lowest_above(view.claim) -- the smallest lie
end

-- Optional: every public event (claims, accepts, re-throw counts,
-- challenges with the dice shown, penalties, eliminations, game ends).
-- Use it to learn how your opponents play; delete it if you do not.
function bot.observe(event)
  if event.type == "challenge" and not event.claim_true then
    -- event.claimer was caught lying about event.claim
  end
end

return bot
"#;

/// A commented bot that plays legal games as it is: the file
/// `liar new-bot NAME` writes.
///
/// ```
/// let code = liar::lua::new_bot_template("mybot");
/// assert!(code.contains("name = \"mybot\""));
/// let bot = liar::lua::LuaBot::from_source("mybot.lua", code, &Default::default()).unwrap();
/// assert_eq!(bot.name(), Some("mybot"));
/// ```
pub fn new_bot_template(name: &str) -> String {
    // Keep the name printable and free of quotes so the file stays valid Lua.
    let clean: String = name
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '"' | '\\'))
        .take(40)
        .collect();
    let clean = if clean.trim().is_empty() {
        "mybot".to_string()
    } else {
        clean.trim().to_string()
    };
    TEMPLATE.replace("{{NAME}}", &clean)
}
