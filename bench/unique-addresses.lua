-- wrk: every request a new address, as a bot or a flood of ad clicks would send them: tracking
-- parameters on the home page and pages past the end of the portfolio (new query strings), and,
-- unless FLOOD=queries, projects that do not exist (new paths).
local n = 0
local kinds = os.getenv("FLOOD") == "queries" and 2 or 3
request = function()
  n = n + 1
  local r = math.random(1, 1000000000)
  local kind = n % kinds
  if kind == 0 then return wrk.format("GET", "/?utm_source=ad&gclid=" .. r) end
  if kind == 1 then return wrk.format("GET", "/all-projects?page=" .. r) end
  return wrk.format("GET", "/project/no-such-villa-" .. r)
end
