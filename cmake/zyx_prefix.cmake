# zyx's folder: $XDG_CONFIG_HOME/zyx when that variable is absolute, else
# ~/.config/zyx (read when called: at configure, and again at install).
function(zyxtt_zyx_prefix out)
  if(DEFINED ENV{XDG_CONFIG_HOME} AND IS_ABSOLUTE "$ENV{XDG_CONFIG_HOME}")
    set(${out} "$ENV{XDG_CONFIG_HOME}/zyx" PARENT_SCOPE)
  else()
    set(${out} "$ENV{HOME}/.config/zyx" PARENT_SCOPE)
  endif()
endfunction()
