[1m[38;5;183m MYSTERIUM[0m[39m[49m  [1mMLBM[0m[39m[49m  [38;5;244mclassic · medium[39m                                              
[38;5;60m────────────────────────────────────────────────────────────────────────────────
[1m[38;5;146m CHOOSE YOUR SEAT[0m[38;5;244m[49m   crows, sand timer, clairvoyance, straw poll (2-7 players)

[39m [1m[38;5;221m▸ [38;5;153m[48;5;60m☾ The ghost           [38;5;244mno colour [0m[39m[49m  alice[38;5;244m (host, you)
[39m   [1m[38;5;134m● Conrad MacDowell    [0m[38;5;244m[49mpurple    [39m  [38;5;244mfree[39m                                       
   [1m[38;5;178m▲ Alma Salvador       [0m[38;5;244m[49myellow    [39m  [38;5;244mfree
[39m   [1m[38;5;167m◆ Madam Wang          [0m[38;5;244m[49mred       [39m  [38;5;244mfree
[39m   [1m[38;5;68m■ Alphonse de Belcour [0m[38;5;244m[49mblue      [39m  [38;5;244mfree[39m                                   
   [1m[38;5;188m★ Ardashir            [0m[38;5;244m[49mwhite     [39m  [38;5;244mfree
[39m   [1m[38;5;71m✚ Jessalyn Smith      [0m[38;5;244m[49mgreen     [39m  [38;5;244mfree

  This table: sand timer 2 min · crows: 3 per game · clairvoyance from 4
  players.
  1 of 7 seats taken. A game needs the ghost and 2 to 7 players (bots count).

[39m alice: bonsoir 日本 é ok   





[38;5;245m↑↓ seat · enter sit here · u stand up · b bot on/off · s start · t chat · ? keys
[1m[38;5;231m[48;5;53mWaiting for players: 1 seated, at least 2 needed. b adds a bot.                 
