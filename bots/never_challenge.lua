-- never_challenge.lua: believes every claim it can. A yardstick for
-- strength tests.

local bot = { api_version = 1, name = "never_challenge" }

function bot.challenge(view)
  -- The top hand cannot be beaten, so only it is challenged.
  return liar.is_top(view.claim)
end

function bot.reroll(view)
  return {} -- keep the dice as they are
end

function bot.claim(view)
  if liar.beats(view.hand, view.claim) then
    return view.hand
  end
  return liar.lowest_above(view.claim)
end

return bot
