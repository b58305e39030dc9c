"""Game-independent machinery: random streams, the batch runner, statistics, result records."""
