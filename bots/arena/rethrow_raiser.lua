-- rethrow_raiser.lua (arena): always raises by one and re-throws all five.
--
-- After accepting it throws every die again and claims the smallest legal
-- raise, true or not; it opens with the truth. Its raises carry no
-- information from the dice it kept, so a bot that credits kept dice or
-- reads a re-throw as "weak hand, likely lie" is tested the other way
-- round from the keep-all bots. It challenges by the fresh-throw odds.

local bot = { api_version = 1, name = "rethrow_raiser" }

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  return liar.chance("", view.claim) < 0.25
end

function bot.reroll(view)
  return { 1, 2, 3, 4, 5 }
end

function bot.claim(view)
  if view.claim == nil then
    return view.hand
  end
  if liar.beats(view.hand, view.claim) and liar.random() < 0.5 then
    return view.hand
  end
  return liar.lowest_above(view.claim)
end

return bot
