# bash completion for weather
# Generated from the command definitions by scripts/generate.mjs; do not edit, run `npm run generate`.
# Install: weather completion bash > ~/.local/share/bash-completion/completions/weather

# _weather_data QUERY: set REPLY to the words answering QUERY about a command path, which is one of
# "commands PATH", "flags PATH", "valued PATH" (flags that take a value), "values PATH FLAG",
# "args PATH INDEX".
_weather_data() {
  case $1 in
    'commands weather') REPLY='config keys serve completion places batch doctor help' ;;
    'flags weather') REPLY='-V --version --lat --lon --place --at --first -u --units --temp-unit --wind-unit --pressure-unit -l --lang -m --mode -o --output --icons -f --format --appid --base-url --timeout --cache --stale-ok --watch --refresh-ahead --offline --now --color --no-color --verbose -h --help' ;;
    'valued weather') REPLY='--lat --lon --place --at -u --units --temp-unit --wind-unit --pressure-unit -l --lang -m --mode -o --output --icons -f --format --appid --base-url --timeout --cache --stale-ok --watch --now' ;;
    'values weather --at') REPLY=$(weather places list -o names 2>/dev/null) ;;
    'values weather -u' | 'values weather --units') REPLY='standard metric imperial' ;;
    'values weather --temp-unit') REPLY='K C F' ;;
    'values weather --wind-unit') REPLY='m/s km/h mph kn bft' ;;
    'values weather --pressure-unit') REPLY='hPa inHg' ;;
    'values weather -l' | 'values weather --lang') REPLY='af ar az be bg ca cz da de el en es eu fa fi fr gl he hi hr hu id is it ja kr ku la lt mk nl no pl pt pt_br ro ru se sk sl sp sq sr sv th tr ua uk vi zh_cn zh_tw zu' ;;
    'values weather -m' | 'values weather --mode') REPLY='json xml html' ;;
    'values weather -o' | 'values weather --output') REPLY='table summary raw json waybar i3bar polybar tmux' ;;
    'values weather --icons') REPLY='emoji nerd ascii' ;;
    'commands weather config') REPLY='set get unset list path help' ;;
    'flags weather config') REPLY='-h --help' ;;
    'flags weather config set') REPLY='-h --help' ;;
    'args weather config set 0') REPLY='appid units temp_unit wind_unit pressure_unit lang location base_url timeout cache stale_ok icons' ;;
    'flags weather config get') REPLY='--show -h --help' ;;
    'args weather config get 0') REPLY='appid units temp_unit wind_unit pressure_unit lang location base_url timeout cache stale_ok icons' ;;
    'flags weather config unset') REPLY='-h --help' ;;
    'args weather config unset 0') REPLY='appid units temp_unit wind_unit pressure_unit lang location base_url timeout cache stale_ok icons' ;;
    'flags weather config list') REPLY='--show -h --help' ;;
    'flags weather config path') REPLY='-h --help' ;;
    'flags weather config help') REPLY='' ;;
    'args weather config help 0') REPLY='set get unset list path' ;;
    'commands weather keys') REPLY='create list disable enable delete console-token help' ;;
    'flags weather keys') REPLY='-h --help' ;;
    'flags weather keys create') REPLY='--name -h --help' ;;
    'valued weather keys create') REPLY='--name' ;;
    'flags weather keys list') REPLY='--show -h --help' ;;
    'flags weather keys disable') REPLY='-h --help' ;;
    'flags weather keys enable') REPLY='-h --help' ;;
    'flags weather keys delete') REPLY='-h --help' ;;
    'flags weather keys console-token') REPLY='-h --help' ;;
    'flags weather keys help') REPLY='' ;;
    'args weather keys help 0') REPLY='create list disable enable delete console-token' ;;
    'flags weather serve') REPLY='--host --port --rate-limit --max-connections --now --clock-speed --scenario --faults --seed --allow-test-headers -h --help' ;;
    'valued weather serve') REPLY='--host --port --rate-limit --max-connections --now --clock-speed --scenario --faults --seed' ;;
    'flags weather completion') REPLY='-h --help' ;;
    'args weather completion 0') REPLY='bash zsh fish' ;;
    'commands weather places') REPLY='add list remove search help' ;;
    'flags weather places') REPLY='-h --help' ;;
    'flags weather places add') REPLY='--place --first -h --help' ;;
    'valued weather places add') REPLY='--place' ;;
    'flags weather places list') REPLY='-o --output -h --help' ;;
    'valued weather places list') REPLY='-o --output' ;;
    'values weather places list -o' | 'values weather places list --output') REPLY='table ndjson names' ;;
    'flags weather places remove') REPLY='-h --help' ;;
    'args weather places remove 0') REPLY=$(weather places list -o names 2>/dev/null) ;;
    'flags weather places search') REPLY='--limit -o --output -h --help' ;;
    'valued weather places search') REPLY='--limit -o --output' ;;
    'values weather places search -o' | 'values weather places search --output') REPLY='table ndjson' ;;
    'flags weather places help') REPLY='' ;;
    'args weather places help 0') REPLY='add list remove search' ;;
    'flags weather batch') REPLY='--concurrency --rate --first -u --units --temp-unit --wind-unit -l --lang -m --mode --appid --base-url --timeout --cache --stale-ok --offline --now -h --help' ;;
    'valued weather batch') REPLY='--concurrency --rate -u --units --temp-unit --wind-unit -l --lang -m --mode --appid --base-url --timeout --cache --stale-ok --now' ;;
    'values weather batch -u' | 'values weather batch --units') REPLY='standard metric imperial' ;;
    'values weather batch --temp-unit') REPLY='K C F' ;;
    'values weather batch --wind-unit') REPLY='m/s km/h mph kn bft' ;;
    'values weather batch -l' | 'values weather batch --lang') REPLY='af ar az be bg ca cz da de el en es eu fa fi fr gl he hi hr hu id is it ja kr ku la lt mk nl no pl pt pt_br ro ru se sk sl sp sq sr sv th tr ua uk vi zh_cn zh_tw zu' ;;
    'values weather batch -m' | 'values weather batch --mode') REPLY='json xml html' ;;
    'flags weather doctor') REPLY='--appid --base-url --timeout --json -h --help' ;;
    'valued weather doctor') REPLY='--appid --base-url --timeout' ;;
    'flags weather help') REPLY='' ;;
    'args weather help 0') REPLY='config keys serve completion places batch doctor' ;;
    *) REPLY='' ;;
  esac
}

_weather() {
  local IFS=$' \t\n' REPLY cur=${COMP_WORDS[COMP_CWORD]} path=weather npos=0 i=1 j w
  local option='' value='' prefix='' nomore=''
  COMPREPLY=()
  # Walk the words before the cursor: find the (sub)command, count its arguments and skip option
  # values; stop early when the cursor is on the value of an option.
  while (( i < COMP_CWORD )); do
    w=${COMP_WORDS[i]}
    if [[ -z $nomore && $w == -- ]]; then
      nomore=1
    elif [[ -z $nomore && $w == -?* ]]; then
      _weather_data "valued $path"
      if [[ $w != *=* && " $REPLY " == *" $w "* ]]; then
        # The value is the next word, or the word after "=" when = is in COMP_WORDBREAKS.
        j=$(( i + 1 ))
        [[ ${COMP_WORDS[j]-} == = ]] && j=$(( i + 2 ))
        if (( j >= COMP_CWORD )); then
          option=$w
          [[ $cur != = ]] && value=$cur
          break
        fi
        i=$j
      fi
    else
      _weather_data "commands $path"
      if (( npos == 0 )) && [[ " $REPLY " == *" $w "* ]]; then
        path="$path $w"
      else
        (( npos++ ))
      fi
    fi
    (( i++ ))
  done
  if [[ -z $option && -z $nomore ]]; then
    if [[ $cur == --*=* ]]; then
      option=${cur%%=*} value=${cur#*=} prefix="${cur%%=*}="
    elif [[ $cur == -[!-]?* ]]; then
      _weather_data "valued $path"
      [[ " $REPLY " == *" ${cur:0:2} "* ]] && option=${cur:0:2} value=${cur:2} prefix=${cur:0:2}
    fi
  fi
  if [[ -n $option ]]; then
    _weather_data "values $path $option"
    COMPREPLY=($(compgen -P "$prefix" -W "$REPLY" -- "$value"))
    return 0
  fi
  if [[ -z $nomore && $cur == -* ]]; then
    _weather_data "flags $path"
  else
    _weather_data "commands $path"
    if (( npos > 0 )) || [[ -z $REPLY ]]; then
      _weather_data "args $path $npos"
    fi
  fi
  COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
  return 0
}

complete -F _weather weather
