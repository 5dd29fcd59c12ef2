import sys
if sys.argv[1:2] == ["supports"]:
    sys.exit(0)
sys.stderr.write("broken: cannot read the book\n")
sys.exit(3)
