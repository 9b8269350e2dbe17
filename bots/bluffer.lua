-- bluffer.lua: lies boldly.
--
-- It claims well above what it holds, hoping the next player is scared to
-- challenge, and it believes almost everything it is told.

local bot = { api_version = 1, name = "bluffer" }

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  -- Only the most outrageous claims are challenged.
  return liar.chance("", view.claim) < 0.03
end

function bot.reroll(view)
  -- A bluffer still likes real pairs: keep them, throw the rest.
  local counts = liar.counts(view.dice)
  local positions = {}
  for i = 1, 5 do
    if counts[view.dice[i]] < 2 then
      positions[#positions + 1] = i
    end
  end
  return positions
end

function bot.claim(view)
  -- Start from the higher of what it holds and what it must beat ...
  local base = view.hand
  if not liar.beats(view.hand, view.claim) then
    base = view.claim
  end
  -- ... and jump a few hands higher (the higher the jump, the bolder the lie).
  local jump = liar.random(3, 15)
  local left = liar.count_above(base)
  if left == 0 then
    -- Nothing is above what it holds: it holds the top hand, and says so.
    return base
  end
  return liar.nth_above(base, math.min(jump, left))
end

return bot
