-- random.lua: every decision uniformly at random among the legal ones.
-- The shortest complete bot, and the baseline every other bot should beat.

local bot = { api_version = 1, name = "random" }

-- Called when the player before you made a claim: true challenges it,
-- false accepts it (you then take the dice).
function bot.challenge(view)
  -- Nothing is higher than the top hand, so a claim of it cannot be
  -- accepted: it must be challenged.
  if liar.is_top(view.claim) then
    return true
  end
  return liar.random(2) == 1
end

-- Called after you accepted: which dice to throw again, by position 1-5.
function bot.reroll(view)
  local positions = {}
  for i = 1, 5 do
    if liar.random(2) == 1 then
      positions[#positions + 1] = i
    end
  end
  return positions
end

-- Called when you must claim: any hand strictly higher than view.claim
-- (any hand at all when you open the round and view.claim is nil).
function bot.claim(view)
  local n = liar.count_above(view.claim)
  return liar.nth_above(view.claim, liar.random(n))
end

return bot
