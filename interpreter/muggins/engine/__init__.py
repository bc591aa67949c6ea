"""Game engines: the physics of where a piece can go (`line` for dominoes, `pile` for cards)."""
