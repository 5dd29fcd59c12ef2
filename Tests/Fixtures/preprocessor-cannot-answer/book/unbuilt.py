import sys
# As `cargo run` does when the preprocessor cannot be built: complaints, then a failing exit.
sys.stderr.write("   Compiling spec v0.1.0\nerror: could not compile `spec`\n")
sys.exit(101)
