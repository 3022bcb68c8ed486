#!/bin/sh
# Puts Dobon Table in this user's application menu: a .desktop entry and the icon under
# ~/.local/share (or $XDG_DATA_HOME). The entry starts the app where this folder is now; run it again
# after moving the folder. `install-desktop.sh --remove` takes both out again.
set -eu
app=$(cd "$(dirname "$0")/../.." && pwd)   # dist/DobonTable (this script is in _internal/linux)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry=$data/applications/dobon-table.desktop
icon=$data/icons/hicolor/256x256/apps/dobon-table.png
if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$icon"
    echo "removed $entry and $icon"
else
    mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
    cp "$app/_internal/assets/icon.png" "$icon"
    sed "s|@EXEC@|$app/DobonTable|" "$app/_internal/linux/dobon-table.desktop" >"$entry"
    echo "installed $entry and $icon"
fi
update-desktop-database "$data/applications" 2>/dev/null || true
gtk-update-icon-cache -q "$data/icons/hicolor" 2>/dev/null || true
