#!/bin/sh
# A deliberately broken pbrain engine for ferro-match's tests.
# FAKE_MODE (from the environment) picks how it misbehaves:
#   timeout   answers OK to START, then never answers a move command
#   crash     answers OK to START, then exits on the first move command
#   occupied  answers every move command with a square that holds a stone
#   garbage   answers every move command with a line that is not a move
#   nook      never answers START
#   refuse    answers START with ERROR
#   legal     plays the first empty square, row by row from 0,0 (15 wide)
# FAKE_SWAP2 picks the answers to SWAP2BOARD. An empty board gets the
# proposal 7,7 8,7 7,8 except with garbage, occupied or timeout:
#   swap      SWAP to three and to five stones
#   stay      6,6 to three and to five stones
#   two-swap  8,8 9,9 to three stones, SWAP to five
#   two-stay  8,8 9,9 to three stones, 6,6 to five
#   garbage   "hello world" to every SWAP2BOARD
#   occupied  a stone on a stone: 7,7 7,7 8,8 to an empty board (the bad
#             stone is the white one), else 7,7
#   timeout   never answers
# FAKE_LOG, if set, is a file to which every line received is appended.
mode="${FAKE_MODE:-occupied}"
swap2="${FAKE_SWAP2:-swap}"
cr=$(printf '\r')
in_board=0
in_swap2=0
swap2_count=0
first=""
# Stones seen this game, " x,y x,y ... ".
stones=" "

remember() {
    stones="$stones$1 "
}

first_empty() {
    y=0
    while [ "$y" -lt 15 ]; do
        x=0
        while [ "$x" -lt 15 ]; do
            case "$stones" in
                *" $x,$y "*) ;;
                *) echo "$x,$y"; return ;;
            esac
            x=$((x + 1))
        done
        y=$((y + 1))
    done
}

hang() {
    while read -r _; do :; done
    exit 0
}

move() {
    case "$mode" in
        timeout) hang ;;
        crash) exit 3 ;;
        garbage) echo "MESSAGE thinking hard"; echo "hello world" ;;
        legal) square=$(first_empty); remember "$square"; echo "$square" ;;
        *) echo "$1" ;;
    esac
}

# $1 = stones on the SWAP2BOARD.
answer_swap2() {
    case "$swap2:$1" in
        timeout:*) hang ;;
        garbage:*) echo "hello world" ;;
        occupied:0) echo "7,7 7,7 8,8" ;;
        occupied:*) echo "7,7" ;;
        *:0) echo "7,7 8,7 7,8" ;;
        swap:* | two-swap:5) echo "SWAP" ;;
        # Two spaces: the runner accepts any whitespace between stones.
        two-*:3) echo "8,8  9,9" ;;
        *) echo "6,6" ;;
    esac
}

while IFS= read -r line; do
    line=${line%"$cr"}
    [ -n "${FAKE_LOG:-}" ] && printf '%s\n' "$line" >>"$FAKE_LOG"
    case "$line" in
        START*)
            stones=" "
            case "$mode" in
                nook) ;;
                refuse) echo "ERROR not today" ;;
                *) echo "OK" ;;
            esac ;;
        END*) exit 0 ;;
        INFO*) ;;
        BEGIN*) stones=" "; move "7,7" ;;
        TURN*) remember "${line#TURN }"; move "${line#TURN }" ;;
        SWAP2BOARD*) in_swap2=1; swap2_count=0 ;;
        BOARD*) in_board=1; first=""; stones=" " ;;
        DONE*)
            if [ "$in_swap2" = 1 ]; then
                in_swap2=0
                answer_swap2 "$swap2_count"
            else
                in_board=0
                move "$first"
            fi ;;
        *)
            if [ "$in_swap2" = 1 ]; then
                swap2_count=$((swap2_count + 1))
            elif [ "$in_board" = 1 ]; then
                remember "${line%,*}"
                [ -z "$first" ] && first=${line%,*}
            fi ;;
    esac
done
