# Sourced by scripts/match and scripts/sprt: the 15x15 opening file a rule
# plays from, a name in this directory.
#   book_for_rule RULE   (freestyle, standard, renju, caro...)
book_for_rule() {
    case "$1" in
        # standard too: the shared set is balanced by a strong engine, the
        # generated standard one favours black (README.md here)
        freestyle | standard) echo freestyle15_balanced_pos.txt ;;
        renju) echo renju15_balanced_pos.txt ;;
        *) echo standard15_balanced_pos.txt ;; # caro: exact-five openings
    esac
}
