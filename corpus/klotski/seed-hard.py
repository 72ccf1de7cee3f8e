# The seed blog post's hard Klotski board (board_hard1), 6 wide and 7 high, piece 1 to free;
# its target is the bottom middle, over the two empty cells. Out of reach of a plain BFS.
board_hard1 = [
    [2 , 1, 1, 3, 4, 4],
    [2 , 1, 1, 5, 6, 6],
    [7 , 8,10,11,12,13],
    [7 , 9,10,14,15,16],
    [17,17,18,19,20,16],
    [24,24,25,19,21,22],
    [24,24, 0, 0,23,22],
    ]
solved_row = 5
solved_col = 2
