"""The engine and search of commit b3bc743, frozen: a fixed opponent and baseline for the benchmarks (issue 26). Not maintained; do not edit."""
