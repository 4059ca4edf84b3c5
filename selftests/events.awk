# Counts the events a sctrace trace accounts for: "SHOWN LOST".
# A whole call line is two events (enter, exit); half a split call, or an
# exit/exit_group "= ?", is one; LOST notices add their count.
/^--- LOST [0-9]+ events/ { lost += $3; next }
/^(\[pid [0-9]+\] )?\+\+\+ / { next }
/ <unfinished \.\.\.>$/ || / resumed>/ || / = \?$/ { shown += 1; next }
/\) = / { shown += 2 }
END { print shown + 0, lost + 0 }
