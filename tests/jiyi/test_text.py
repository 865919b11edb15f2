from jiyi.text import index_terms, query_terms, split_sentences, tokenize


def test_tokenize_cuts_chinese_with_jieba_and_english_by_words_dropping_stopwords():
    assert tokenize("我喜欢爬山") == ["喜欢", "爬山"]
    assert tokenize("Caroline's hiking in the Alps") == ["caroline", "hiking", "alps"]


def test_index_terms_stem_english_so_other_forms_match_and_leave_chinese_alone():
    assert index_terms("She hiked; we are hiking") == index_terms("hike hikes")
    assert index_terms("paintings painted") == ["paint", "paint"]
    assert index_terms("我喜欢爬山") == tokenize("我喜欢爬山")


def test_keywords_stay_readable_words_not_stems():
    assert "hiking" in tokenize("I love hiking")


def test_a_querys_words_about_the_conversation_itself_are_not_searched_for():
    assert query_terms("我对军事方面的兴趣在聊天里提到过哪几次？") == ["军事", "方面", "兴趣"]
    assert query_terms("What did I mention in our chat about hiking?") == ["hike"]
    assert query_terms("What was my previous job?") == ["previous", "job"]  # a word of content
    assert index_terms("we chat about hiking") == ["chat", "hike"]  # stored text keeps them


def test_chinese_is_indexed_with_the_shorter_words_inside_a_long_one():
    assert index_terms("喜欢爱情片") == ["喜欢", "爱情", "爱情片"]  # so "爱情电影" finds it
    assert tokenize("喜欢爱情片") == ["喜欢", "爱情片"]  # keywords shown to people stay whole


def test_split_sentences_keeps_final_punctuation():
    assert split_sentences("我喜欢猫。你呢?I like dogs. Really!\nOK") == [
        "我喜欢猫。",
        "你呢?",
        "I like dogs.",
        "Really!",
        "OK",
    ]


def test_split_sentences_reads_full_width_marks_and_keeps_decimals():
    assert split_sentences("你好！你是谁？version 3.5 is out. Yes") == [
        "你好！",
        "你是谁？",
        "version 3.5 is out.",
        "Yes",
    ]
