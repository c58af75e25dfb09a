# fish completion for weather
# Generated from the command definitions by scripts/generate.mjs; do not edit, run `npm run generate`.
# Install: weather completion fish > ~/.config/fish/completions/weather.fish

# __weather_at PATH [N]: true when the tokens before the cursor are in the (sub)command PATH ('' for
# the top level) and, if N is given, exactly N of its arguments are already on the line.
function __weather_at
    set -l path ''
    set -l npos 0
    set -l skip 0
    set -l nomore 0
    for token in (commandline -opc)[2..]
        if test $skip = 1
            set skip 0
            continue
        end
        set -l valued
        switch $path
            case ''
                set valued --lat --lon --place --at -u --units --temp-unit --wind-unit --pressure-unit -l --lang -m --mode -o --output --icons -f --format --appid --base-url --timeout --cache --stale-ok --watch --now
            case 'keys create'
                set valued --name
            case serve
                set valued --host --port --rate-limit --max-connections --now --clock-speed --scenario --faults --seed
            case 'places add'
                set valued --place
            case 'places list'
                set valued -o --output
            case 'places search'
                set valued --limit -o --output
            case batch
                set valued --concurrency --rate -u --units --temp-unit --wind-unit -l --lang -m --mode --appid --base-url --timeout --cache --stale-ok --now
            case doctor
                set valued --appid --base-url --timeout
        end
        if test $nomore = 0; and test "$token" = --
            set nomore 1
        else if test $nomore = 0; and string match -qr -- '^-.' $token
            contains -- $token $valued; and set skip 1
        else if test $npos = 0; and contains -- (string trim -- "$path $token") $__weather_paths
            set path (string trim -- "$path $token")
        else
            set npos (math $npos + 1)
        end
    end
    test "$path" = "$argv[1]"; or return 1
    test (count $argv) -lt 2; or test $npos = $argv[2]
end

set -g __weather_paths config 'config set' 'config get' 'config unset' 'config list' 'config path' 'config help' keys 'keys create' 'keys list' 'keys disable' 'keys enable' 'keys delete' 'keys console-token' 'keys help' serve completion places 'places add' 'places list' 'places remove' 'places search' 'places help' batch doctor help

# Never offer file names: no argument or option value of weather is a path.
complete -c weather -f
complete -c weather -n '__weather_at \'\'' -s V -l version -d 'print the version'
complete -c weather -n '__weather_at \'\'' -l lat -x -d 'latitude, -90 to 90'
complete -c weather -n '__weather_at \'\'' -l lon -x -d 'longitude, -180 to 180'
complete -c weather -n '__weather_at \'\'' -l place -x -d 'a place by name, from the bundled GeoNames data: "Paris", "Paris, FR", "Springfield, US-IL" (country, region); case and accents do not matter'
complete -c weather -n '__weather_at \'\'' -l at -x -a '(weather places list -o names 2>/dev/null)' -d 'a place saved with weather places add'
complete -c weather -n '__weather_at \'\'' -l first -d 'with --place: when several places have the name, take the most populous'
complete -c weather -n '__weather_at \'\'' -s u -l units -x -a 'standard metric imperial' -d 'unit system; imperial shows visibility in miles and rain and snow in inches (the API gives metres and mm)'
complete -c weather -n '__weather_at \'\'' -l temp-unit -x -a 'K C F' -d 'show temperatures in K, C (°C) or F (°F), converted from what --units asked of the API (table, summary, templates, json, bars)'
complete -c weather -n '__weather_at \'\'' -l wind-unit -x -a 'm/s km/h mph kn bft' -d 'show wind speeds in m/s, km/h, mph, kn (knots) or bft (Beaufort force, 0-12); -o json keeps a speed unit for bft and always gives wind.beaufort'
complete -c weather -n '__weather_at \'\'' -l pressure-unit -x -a 'hPa inHg' -d 'pressure in the table and summary: hPa (as the API gives it, whatever --units) or inHg'
complete -c weather -n '__weather_at \'\'' -s l -l lang -x -a 'af ar az be bg ca cz da de el en es eu fa fi fr gl he hi hr hu id is it ja kr ku la lt mk nl no pl pt pt_br ro ru se sk sl sp sq sr sv th tr ua uk vi zh_cn zh_tw zu' -d 'language of the description'
complete -c weather -n '__weather_at \'\'' -s m -l mode -x -a 'json xml html' -d 'representation requested from the API'
complete -c weather -n '__weather_at \'\'' -s o -l output -x -a 'table summary raw json waybar i3bar polybar tmux' -d 'how to print the observation (html is always raw); json: the documented shape of schema/current.schema.json whatever --mode; waybar, i3bar, polybar and tmux: one line for that status bar'
complete -c weather -n '__weather_at \'\'' -l icons -x -a 'emoji nerd ascii' -d 'icons of the status-bar outputs'
complete -c weather -n '__weather_at \'\'' -s f -l format -x -d 'print a template such as "{main.temp:.0}{temp_unit} {weather.0.description}"; fields: see README'
complete -c weather -n '__weather_at \'\'' -l appid -x -d 'API key'
complete -c weather -n '__weather_at \'\'' -l base-url -x -d 'API base URL'
complete -c weather -n '__weather_at \'\'' -l timeout -x -d 'give up after this long, retries included'
complete -c weather -n '__weather_at \'\'' -l cache -x -d 'reuse a live response younger than this (90s, 10m, 1h, 2d); the service updates observations about every 10 minutes, so 10m suits status bars and cron (the embedded model needs no cache)'
complete -c weather -n '__weather_at \'\'' -l stale-ok -x -d 'when the call fails (network, 5xx, 429, or a wait remembered from one), print the last good response younger than this, say how old on stderr and exit 0'
complete -c weather -n '__weather_at \'\'' -l watch -x -d 'fetch and print again every interval (90s, 10m, 1h) until Ctrl-C: redrawn in place with the observation\'s age on a terminal, printed once per interval when piped; at least 10m against the live service, any interval with --offline or against weather serve'
complete -c weather -n '__weather_at \'\'' -l refresh-ahead -d 'with --cache: once a cached response is half its age limit, print it and refresh it in the background, so a status bar never waits on the network'
complete -c weather -n '__weather_at \'\'' -l offline -d 'answer from the embedded implementation, in process, no network'
complete -c weather -n '__weather_at \'\'' -l now -x -d 'freeze the model\'s clock: ISO 8601 (UTC when no zone is given) or Unix seconds (embedded implementation only)'
complete -c weather -n '__weather_at \'\'' -l color -d 'colour even when stdout is not a terminal'
complete -c weather -n '__weather_at \'\'' -l no-color -d 'no colour (as does NO_COLOR)'
complete -c weather -n '__weather_at \'\'' -l verbose -d 'print stack traces of internal errors (as does WEATHER_DEBUG=1)'
complete -c weather -n '__weather_at \'\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'\' 0' -a config -d 'read and change stored settings'
complete -c weather -n '__weather_at \'\' 0' -a keys -d 'manage the embedded implementation\'s API keys (for weather serve)'
complete -c weather -n '__weather_at \'\' 0' -a serve -d 'serve the embedded Current Weather API over HTTP'
complete -c weather -n '__weather_at \'\' 0' -a completion -d 'print the shell completion script'
complete -c weather -n '__weather_at \'\' 0' -a places -d 'find places by name in the bundled GeoNames data'
complete -c weather -n '__weather_at \'\' 0' -a batch -d 'the current weather of many places: one input line each (lat,lon, a place name or a saved name), one NDJSON record each, in input order'
complete -c weather -n '__weather_at \'\' 0' -a doctor -d 'check the config file, the API key, the base URL, the network path and one real request, and say how to fix what fails'
complete -c weather -n '__weather_at \'\' 0' -a help -d 'show help for a command'
complete -c weather -n '__weather_at config' -s h -l help -d 'show help'
complete -c weather -n '__weather_at config 0' -a set -d 'store a setting'
complete -c weather -n '__weather_at config 0' -a get -d 'print a stored setting'
complete -c weather -n '__weather_at config 0' -a unset -d 'remove a stored setting'
complete -c weather -n '__weather_at config 0' -a list -d 'print every stored setting as key=value'
complete -c weather -n '__weather_at config 0' -a path -d 'print the config file\'s path'
complete -c weather -n '__weather_at config 0' -a help -d 'show help for a command'
complete -c weather -n '__weather_at \'config set\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'config set\' 0' -a 'appid units temp_unit wind_unit pressure_unit lang location base_url timeout cache stale_ok icons' -d 'setting name'
complete -c weather -n '__weather_at \'config get\'' -l show -d 'print the API key in full instead of masked'
complete -c weather -n '__weather_at \'config get\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'config get\' 0' -a 'appid units temp_unit wind_unit pressure_unit lang location base_url timeout cache stale_ok icons' -d 'setting name'
complete -c weather -n '__weather_at \'config unset\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'config unset\' 0' -a 'appid units temp_unit wind_unit pressure_unit lang location base_url timeout cache stale_ok icons' -d 'setting name'
complete -c weather -n '__weather_at \'config list\'' -l show -d 'print the API key in full instead of masked'
complete -c weather -n '__weather_at \'config list\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'config path\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'config help\' 0' -a 'set get unset list path' -d 'the command to show help for'
complete -c weather -n '__weather_at keys' -s h -l help -d 'show help'
complete -c weather -n '__weather_at keys 0' -a create -d 'create an Active key and print it'
complete -c weather -n '__weather_at keys 0' -a list -d 'list keys with name, status and creation time'
complete -c weather -n '__weather_at keys 0' -a disable -d 'make a key Inactive (requests with it get 401)'
complete -c weather -n '__weather_at keys 0' -a enable -d 'make a key Active again'
complete -c weather -n '__weather_at keys 0' -a delete -d 'delete a key'
complete -c weather -n '__weather_at keys 0' -a console-token -d 'print a new admin token for weather serve\'s account console (/console); the previous one stops working'
complete -c weather -n '__weather_at keys 0' -a help -d 'show help for a command'
complete -c weather -n '__weather_at \'keys create\'' -l name -x -d 'a label to tell keys apart'
complete -c weather -n '__weather_at \'keys create\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'keys list\'' -l show -d 'print keys in full instead of masked'
complete -c weather -n '__weather_at \'keys list\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'keys disable\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'keys enable\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'keys delete\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'keys console-token\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'keys help\' 0' -a 'create list disable enable delete console-token' -d 'the command to show help for'
complete -c weather -n '__weather_at serve' -l host -x -d 'address to listen on (anything but loopback is reachable from other machines)'
complete -c weather -n '__weather_at serve' -l port -x -d 'port; 0 picks a free one'
complete -c weather -n '__weather_at serve' -l rate-limit -x -d 'requests per minute per key; 0 for no limit'
complete -c weather -n '__weather_at serve' -l max-connections -x -d 'open connections at most; more are refused until some close'
complete -c weather -n '__weather_at serve' -l now -x -d 'freeze the model\'s clock: ISO 8601 (UTC when no zone is given) or Unix seconds'
complete -c weather -n '__weather_at serve' -l clock-speed -x -d 'run the model\'s clock this many times faster than real time, from --now or from the start (60: a minute a second)'
complete -c weather -n '__weather_at serve' -l scenario -x -d 'JSON file of fixed weather (condition, temperature, wind) for places or coordinates and times, over the model\'s (format: schema/scenario.schema.json)'
complete -c weather -n '__weather_at serve' -l faults -x -d 'inject faults into API answers: kind[:trigger],… with kinds 401, 429, 500, 502, 503, hang, slow, reset, truncate, portal and triggers 0.05 (probability), every=N, key=KEY (none: always)'
complete -c weather -n '__weather_at serve' -l seed -x -d 'seed for --faults\' probabilities: the same seed, the same sequence (default: random, printed)'
complete -c weather -n '__weather_at serve' -l allow-test-headers -d 'honour the request headers X-Weather-Fault (a fault kind) and X-Weather-Now (the clock)'
complete -c weather -n '__weather_at serve' -s h -l help -d 'show help'
complete -c weather -n '__weather_at completion' -s h -l help -d 'show help'
complete -c weather -n '__weather_at completion 0' -a 'bash zsh fish' -d 'bash, zsh or fish'
complete -c weather -n '__weather_at places' -s h -l help -d 'show help'
complete -c weather -n '__weather_at places 0' -a add -d 'save a place under a name, from coordinates or from --place'
complete -c weather -n '__weather_at places 0' -a list -d 'list the saved places'
complete -c weather -n '__weather_at places 0' -a remove -d 'forget a saved place'
complete -c weather -n '__weather_at places 0' -a search -d 'list places with this name, then places whose name starts with it, most populous first'
complete -c weather -n '__weather_at places 0' -a help -d 'show help for a command'
complete -c weather -n '__weather_at \'places add\'' -l place -x -d 'take the coordinates of a place by name instead ("Paris, FR")'
complete -c weather -n '__weather_at \'places add\'' -l first -d 'with --place: when several places have the name, take the most populous'
complete -c weather -n '__weather_at \'places add\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'places list\'' -s o -l output -x -a 'table ndjson names' -d 'how to print the places'
complete -c weather -n '__weather_at \'places list\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'places remove\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'places remove\' 0' -f -a '(weather places list -o names 2>/dev/null)' -d 'the saved place\'s name'
complete -c weather -n '__weather_at \'places search\'' -l limit -x -d 'list at most this many places'
complete -c weather -n '__weather_at \'places search\'' -s o -l output -x -a 'table ndjson' -d 'how to print the places'
complete -c weather -n '__weather_at \'places search\'' -s h -l help -d 'show help'
complete -c weather -n '__weather_at \'places help\' 0' -a 'add list remove search' -d 'the command to show help for'
complete -c weather -n '__weather_at batch' -l concurrency -x -d 'live calls in flight at once'
complete -c weather -n '__weather_at batch' -l rate -x -d 'live requests per minute at most, as a token bucket (a burst of this many, then this many a minute); answers from the cache spend none'
complete -c weather -n '__weather_at batch' -l first -d 'with --place: when several places have the name, take the most populous'
complete -c weather -n '__weather_at batch' -s u -l units -x -a 'standard metric imperial' -d 'unit system; imperial shows visibility in miles and rain and snow in inches (the API gives metres and mm)'
complete -c weather -n '__weather_at batch' -l temp-unit -x -a 'K C F' -d 'show temperatures in K, C (°C) or F (°F), converted from what --units asked of the API (table, summary, templates, json, bars)'
complete -c weather -n '__weather_at batch' -l wind-unit -x -a 'm/s km/h mph kn bft' -d 'show wind speeds in m/s, km/h, mph, kn (knots) or bft (Beaufort force, 0-12); -o json keeps a speed unit for bft and always gives wind.beaufort'
complete -c weather -n '__weather_at batch' -s l -l lang -x -a 'af ar az be bg ca cz da de el en es eu fa fi fr gl he hi hr hu id is it ja kr ku la lt mk nl no pl pt pt_br ro ru se sk sl sp sq sr sv th tr ua uk vi zh_cn zh_tw zu' -d 'language of the description'
complete -c weather -n '__weather_at batch' -s m -l mode -x -a 'json xml html' -d 'representation requested from the API'
complete -c weather -n '__weather_at batch' -l appid -x -d 'API key'
complete -c weather -n '__weather_at batch' -l base-url -x -d 'API base URL'
complete -c weather -n '__weather_at batch' -l timeout -x -d 'give up after this long, retries included'
complete -c weather -n '__weather_at batch' -l cache -x -d 'reuse a live response younger than this (90s, 10m, 1h, 2d); the service updates observations about every 10 minutes, so 10m suits status bars and cron (the embedded model needs no cache)'
complete -c weather -n '__weather_at batch' -l stale-ok -x -d 'when the call fails (network, 5xx, 429, or a wait remembered from one), print the last good response younger than this, say how old on stderr and exit 0'
complete -c weather -n '__weather_at batch' -l offline -d 'answer from the embedded implementation, in process, no network'
complete -c weather -n '__weather_at batch' -l now -x -d 'freeze the model\'s clock: ISO 8601 (UTC when no zone is given) or Unix seconds (embedded implementation only)'
complete -c weather -n '__weather_at batch' -s h -l help -d 'show help'
complete -c weather -n '__weather_at doctor' -l appid -x -d 'API key'
complete -c weather -n '__weather_at doctor' -l base-url -x -d 'API base URL'
complete -c weather -n '__weather_at doctor' -l timeout -x -d 'give up after this long, retries included'
complete -c weather -n '__weather_at doctor' -l json -d 'print the checks as one JSON object'
complete -c weather -n '__weather_at doctor' -s h -l help -d 'show help'
complete -c weather -n '__weather_at help 0' -a 'config keys serve completion places batch doctor' -d 'the command to show help for'
