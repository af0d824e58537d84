#!/bin/sh
# Put Ost in the Linux desktop of the current user: the menu entry, the icon, and
# the file types .ost, .ros and .rosz, so that a double-click opens Ost.
#   ./install-desktop.sh [PROGRAM]     install; PROGRAM is the ost to run (default: the
#                                      ost beside this script, as in a built folder, else
#                                      `ost` on the PATH)
#   ./install-desktop.sh --uninstall   remove what it installed
# Files go under $XDG_DATA_HOME (default ~/.local/share): applications/ost.desktop,
# icons/hicolor/scalable/apps/ost.svg and mime/packages/ost.xml. The desktop's
# caches are refreshed with update-mime-database, update-desktop-database,
# gtk-update-icon-cache and xdg-mime (Ost becomes the default for the three types)
# when they are installed; each one missing is said, not an error.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
apps=$data/applications
icons=$data/icons/hicolor
mime=$data/mime
types="application/x-ost-list application/x-battlescribe-roster application/x-battlescribe-roster-zip"

have() { command -v "$1" >/dev/null 2>&1; }
skipped() { echo "  ($1 not found: $2)"; }

refresh() {
    if have update-mime-database; then update-mime-database "$mime"; else skipped update-mime-database "file types known after the next log-in, if at all"; fi
    if have update-desktop-database; then update-desktop-database -q "$apps"; else skipped update-desktop-database "menu refreshed by the desktop itself"; fi
    if have gtk-update-icon-cache; then gtk-update-icon-cache -q -t -f "$icons" 2>/dev/null || true; fi
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$apps/ost.desktop" "$icons/scalable/apps/ost.svg" "$mime/packages/ost.xml"
    mkdir -p "$apps" "$mime/packages"
    refresh
    echo "Ost removed from the desktop ($data)"
    exit 0
fi

program=${1:-}
if [ -z "$program" ]; then
    if [ -x "$here/ost" ] && [ -f "$here/ost" ]; then
        program=$here/ost
    elif have ost; then
        program=$(command -v ost)
    else
        echo "no ost program found: give its path, e.g. $0 /opt/ost-0.1.0/ost" >&2
        exit 2
    fi
fi
[ -x "$program" ] || { echo "not a program: $program" >&2; exit 2; }
program=$(cd "$(dirname "$program")" && pwd)/$(basename "$program")
case "$program" in
    *[\"\`\$\\%]*) echo "the program's path holds a character a .desktop file cannot quote simply: $program" >&2; exit 2 ;;
esac

mkdir -p "$apps" "$icons/scalable/apps" "$mime/packages"
sed "s|^Exec=.*|Exec=\"$program\" gui %F|; s|^TryExec=.*||" "$here/ost.desktop" > "$apps/ost.desktop.tmp"
mv "$apps/ost.desktop.tmp" "$apps/ost.desktop"
cp "$here/ost.svg" "$icons/scalable/apps/ost.svg"
cp "$here/ost-mime.xml" "$mime/packages/ost.xml"
refresh
if have xdg-mime; then
    # shellcheck disable=SC2086  # one argument per type
    xdg-mime default ost.desktop $types
else
    skipped xdg-mime "Ost is offered for the file types, not made their default"
fi
echo "Ost installed in the desktop ($data): menu entry, icon, .ost/.ros/.rosz files -> $program"
