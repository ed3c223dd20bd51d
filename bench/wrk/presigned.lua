-- Sends provider events signed beforehand by bench-inbox, each once, so that wrk measures the
-- server's ingest without the signing client's cost. The file (the script's first argument) holds
-- one event per line: path, webhook-id, webhook-timestamp, webhook-signature and the JSON body,
-- separated by tabs; thread k of n sends lines k, k + n, k + 2n ... An event sent twice would be a
-- replay (2xx, nothing written), so when a thread runs out it asks for /exhausted, whose 404 wrk
-- counts as a non-2xx answer: the report's "not 2xx" must read 0 for the rate to count.

local threads = 0

function setup(thread)
  thread:set("index", threads)
  threads = threads + 1
end

local requests = {}
local sent = 0

function init(args)
  local file, count, host = args[1], tonumber(args[2]), args[3]
  local line_number = 0
  for line in io.lines(file) do
    if line_number % count == index then
      local path, id, timestamp, signature, body = line:match("^([^\t]+)\t([^\t]+)\t([^\t]+)\t([^\t]+)\t(.*)$")
      requests[#requests + 1] = wrk.format("POST", path, {
        ["Host"] = host,
        ["Content-Type"] = "application/json",
        ["webhook-id"] = id,
        ["webhook-timestamp"] = timestamp,
        ["webhook-signature"] = signature,
      }, body)
    end
    line_number = line_number + 1
  end
end

function request()
  sent = sent + 1
  if sent > #requests then
    return wrk.format("GET", "/exhausted")
  end
  return requests[sent]
end
