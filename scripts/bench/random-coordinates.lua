-- wrk script for `npm run bench`: every request asks for another point anywhere on Earth (two
-- decimals, like a user's coordinates), so no answer can be reused from an earlier request.
-- Arguments after `--`: path, the query's tail (units, key), a seed.
local path, tail

function init(args)
  path = args[1]
  tail = args[2]
  math.randomseed(tonumber(args[3]))
end

function request()
  local lat = math.random(-9000, 9000) / 100
  local lon = math.random(-18000, 18000) / 100
  return wrk.format("GET", string.format("%s?lat=%.2f&lon=%.2f%s", path, lat, lon, tail))
end
