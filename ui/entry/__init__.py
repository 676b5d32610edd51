"""What the players entered, as values: the draft of a game, each typed change to it
(`edits`), and the table file made from it (`export`). Nothing here saves or shows."""
