-- always_challenge.lua: doubts every claim. A yardstick for strength tests.

local bot = { api_version = 1, name = "always_challenge" }

function bot.challenge(view)
  return true
end

function bot.reroll(view)
  return {} -- never called: it never accepts
end

function bot.claim(view)
  -- It only ever opens rounds: say what it holds.
  if liar.beats(view.hand, view.claim) then
    return view.hand
  end
  return liar.lowest_above(view.claim)
end

return bot
