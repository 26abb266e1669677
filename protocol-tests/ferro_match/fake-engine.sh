#!/bin/sh
# A deliberately broken pbrain engine for ferro-match's tests.
# FAKE_MODE (from the environment) picks how it misbehaves:
#   timeout   answers OK to START, then never answers a move command
#   crash     answers OK to START, then exits on the first move command
#   occupied  answers every move command with a square that holds a stone
#   garbage   answers every move command with a line that is not a move
#   nook      never answers START
#   refuse    answers START with ERROR
mode="${FAKE_MODE:-occupied}"
cr=$(printf '\r')
in_board=0
first=""

move() {
    case "$mode" in
        timeout) while read -r _; do :; done; exit 0 ;;
        crash) exit 3 ;;
        garbage) echo "MESSAGE thinking hard"; echo "hello world" ;;
        *) echo "$1" ;;
    esac
}

while IFS= read -r line; do
    line=${line%"$cr"}
    case "$line" in
        START*)
            case "$mode" in
                nook) ;;
                refuse) echo "ERROR not today" ;;
                *) echo "OK" ;;
            esac ;;
        END*) exit 0 ;;
        INFO*) ;;
        BEGIN*) move "7,7" ;;
        TURN*) move "${line#TURN }" ;;
        BOARD*) in_board=1; first="" ;;
        DONE*) in_board=0; move "$first" ;;
        *)
            if [ "$in_board" = 1 ] && [ -z "$first" ]; then
                first=${line%,*}
            fi ;;
    esac
done
