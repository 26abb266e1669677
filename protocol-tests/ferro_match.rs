// ferro-match integration tests: being written.
