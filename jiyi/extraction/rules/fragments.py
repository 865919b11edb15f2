"""The regex fragments and vocabularies the rule families are built from, in one place.

Fragments and vocabularies are pattern text, not compiled patterns: each family splices them into
its own rules (`rf"...{EN_OBJ}"`), so a change here reaches every rule that shares one. Names say
the language: `EN_` ones are written for English text, `ZH_` ones for Chinese. `NOT_NAMES` is the
one plain word set, read by `cleaning.normalise_name`.
"""

# --- subjects, objects and adverbs shared by most families ------------------------------------

EN_I_AM = r"I(?:'m|\s+am)"
EN_OBJ = r"(?P<object>[^,.;:!?()\n]{1,80})"
ZH_OBJ = r"(?P<object>[^,.;:!?()。\n]{1,30})"
ZH_OBJ_LAZY = r"(?P<object>[^,.;:!?()。\n]{1,20}?)"
EN_ADV = (
    # "really" as typed in chat too: "realy", "relly", "rly", "reallyyy"
    r"(?:(?:r(?:e+a*l+y+|ly)|just|absolutely|also|totally|truly|still|do|so+|definitely|actually|kind\s+of|"
    r"kinda|always|especially|genuinely|honestly|seriously|personally|simply|sometimes|"
    r"generally|usually|even|used\s+to)\s+)*"
)
ZH_ADV = (
    r"(?:很|非常|特别|超级?|挺|真的?|最|也|还|比较|一直|蛮|好|太|十分|相当|都|更|尤其|确实|就|一向|"
    r"从小就?|其实|现在|主要|平时|一般|经常|真心|本来|向来|越来越|已经|最近|自己|还是)*"
)
#: When a Chinese clause says the user does something: now, usually, by day ("白天在杭州一家事务所
#:做审计", "现在在广州带孙子"), never a past or a plan.
ZH_NOW_OR_USUALLY = r"(?:现在|目前|如今|一直|已经|平时|平常|白天|晚上|周末|每天|也|还)*"
#: Where a clause of the user's own starts: the sentence, "我", a comma, or in chat a space
#: ("在广州带孙子 想学烘焙"), then when ("下一步想学做月饼").
ZH_SUBJECT = (
    r"(?:^|我|(?<=[,;\s]))(?:今天|明天|晚上|今晚|周末|最近|今年|明年|以后|将来|下周|下一步|接下来|"
    r"退休(?:以?后)?|毕业(?:以?后)?)?"
)

# --- who the user is (identity) ---------------------------------------------------------------

EN_OCCUPATIONS = (
    r"student|teacher|tutor|professor|nurse|doctor|physician|dentist|engineer|developer|supervisor|"
    r"technician|paramedic|receptionist|clerk|"
    r"programmer|designer|lawyer|accountant|driver|chef|cook|baker|writer|author|journalist|"
    r"artist|painter|musician|singer|dancer|actor|actress|scientist|researcher|manager|"
    r"consultant|analyst|photographer|counselor|counsellor|therapist|psychologist|social\s+worker|"
    r"pilot|farmer|mechanic|electrician|plumber|carpenter|librarian|pharmacist|architect|"
    r"entrepreneur|founder|freelancer|intern|cashier|waiter|waitress|barista|firefighter|"
    r"police\s+officer|soldier|veteran|retiree|parent|mom|mother|dad|father|homemaker|"
    r"freshman|sophomore|junior|senior|graduate|undergrad|undergraduate|beginner|coach|athlete|"
    r"volunteer|activist|youtuber|streamer|blogger|gamer"
)
ZH_OCCUPATIONS = (
    r"学生|老师|教师|医生|护士|工程师|程序员|设计师|律师|会计|司机|厨师|作家|记者|研究生|博士生?|"
    r"硕士生?|本科生|大学生|中学生|高中生|初中生|小学生|留学生|家长|全职妈妈|宝妈|上班族|"
    r"自由职业者?|公务员|销售|经理|主管|创业者|画家|歌手|演员|警察|军人|农民|工人|店主|客服|"
    r"产品经理|运营|实习生|退休(?:人员|教师|工人)?|新手|初学者|学霸|考生|艺术生|体育生"
)

# Ages said in words ("i'm nine", "twenty-five"); `cleaning.normalise_age` reads them. The tens
# come first, so "twenty-five" is read whole, not as "twenty".
EN_TENS_WORDS = (
    r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
    r"(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine)\b)?"
)
EN_NUMBER_WORDS = (
    rf"{EN_TENS_WORDS}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
)

# Words that follow "I'm" capitalised yet are no name ("I'm Fine", "I'm American").
NOT_NAMES = frozenset({
    "sorry", "fine", "good", "great", "okay", "ok", "glad", "happy", "sad", "here", "back", "done",
    "ready", "sure", "tired", "excited", "new", "not", "so", "just", "also", "still", "really",
    "very", "always", "never", "home", "busy", "free", "single", "married", "american", "british",
    "english", "chinese", "french", "german", "canadian", "australian", "indian", "japanese",
    "korean", "spanish", "italian", "mexican", "russian", "irish", "scottish", "dutch", "swedish",
    "fortunately", "unfortunately", "honestly", "actually", "curious", "afraid", "hungry",
    "thirsty", "bored", "late", "early", "sick", "well", "alright", "alive", "lucky",
})  # fmt: skip

# --- how the user likes to learn (learning style) ---------------------------------------------

EN_MEDIA = (
    r"animations?|(?:video|youtube)\s+clips|videos?|vids|clips|diagrams?|pictures?|images?|charts?|"
    r"graphs?|visuals?|code\s+(?:examples?|snippets?)|examples?|analog(?:y|ies)|stories|"
    r"practice\s+(?:problems|questions|tests?|exams?|papers?)|past\s+papers|mock\s+(?:exams?|tests?)|"
    r"exercises|flashcards|audio|podcasts?|lectures?|numbered\s+(?:steps|lists?)|checklists?|"
    r"bullet\s+points|bullets|cheat\s+sheets?|summaries|step-by-step[\w\s-]*|hands-on[\w\s-]*|"
    r"mind\s+maps?|worked\s+examples|quizzes"
)

# --- feelings (emotions): the words, and what may lead up to them -----------------------------

EN_EMOTIONS_NEGATIVE = (
    r"stressed(?:\s+out)?|anxious|worried|nervous|sad|depressed|down(?!\s+(?:to|for|with|here|there"
    r"|the))|upset|lonely|tired|exhausted|overwhelmed|frustrated|angry|mad|scared|afraid|terrified|"
    r"bored|heartbroken|devastated|miserable|hopeless|burn(?:ed|t)\s+out|drained|hurt|jealous|"
    r"ashamed|embarrassed|guilty|homesick|discouraged|insecure|restless|stupid|dumb|inadequate"
)
EN_EMOTIONS_POSITIVE = (
    r"happy|glad|excited|thrilled|proud|grateful|thankful|relieved|hopeful|calm|motivated|"
    r"inspired|blessed|ecstatic|content|joyful|optimistic|confident|delighted|pumped|stoked|"
    r"peaceful|energi[sz]ed|over\s+the\s+moon|overjoyed|amazed"
)
#: Degree words before a feeling: "so stressed", "kinda lost", "lowkey anxious".
EN_EMOTION_DEGREES = (
    r"(?:(?:so+|really|rly|very|super|kinda|kind\s+of|a\s+bit|a\s+little|pretty|extremely|quite|"
    r"totally|completely|just|feeling|incredibly|truly|honestly|lowkey|hella|also|still|too|"
    r"getting|always|more|less)\s+)*"
)
EN_EMOTION_LEAD = (
    r"\b(?:I(?:'m|\s+am|(?:\s+(?:really|truly|just|always|also|still|sometimes|often))?\s+"
    r"(?:feel|felt)|'ve\s+been|\s+have\s+been|\s+was|\s+get|\s+got|\s+keep\s+feeling)|feeling|"
    rf"(?:made|makes|make)\s+me(?:\s+feel)?)\s+{EN_EMOTION_DEGREES}"
)
ZH_EMOTIONS_NEGATIVE = (
    r"难过|伤心|焦虑|紧张|压力(?:好|很|太|特别|挺|山)?大|好累|疲惫|心累|崩溃|郁闷|烦躁|烦|生气|害怕|"
    r"担心|孤独|寂寞|失落|沮丧|委屈|难受|痛苦|绝望|想哭|不开心|不高兴|无聊|迷茫|困惑|挫败|自卑|没信心|"
    r"倦怠|心慌|着急|慌(?![张乱忙])|累"
)
ZH_EMOTIONS_POSITIVE = (
    r"舒畅|开心|高兴(?!认识|见到)|快乐|兴奋|激动|感动|幸福|满足|放松|自豪|"
    r"骄傲|期待|欣慰|轻松|愉快|满意|有成就感|成就感|享受|有动力"
)
ZH_EMOTION_LEAD = (
    r"(?:(?:我|感觉|觉得|心情|最近|今天)[^,.;:!?。\n]{0,8}?|"
    r"(?:好|很|太|真|特别|非常|有点|有些|超级?|挺|十分|(?<![不宁])可(?=[\u4e00-\u9fff]{2}了))(?!烦)|"
    # 烦 after a degree word is the user's only with no thing before it ("好烦啊", "真的好烦"):
    # "那个滴滴声好烦" says the sound is annoying
    r"(?:(?<![\u4e00-\u9fffA-Za-z0-9])|(?<=[的得都也还又就真是我人心了啊呀里]))"
    r"(?:好|很|太|真|特别|非常|有点|有些|超级?|挺|十分)(?=烦)|"
    # still so, said first ("还是焦虑 但比上次好点")
    r"(?:^|(?<=[\s,，。!！~]))(?:还是|依然|仍然|一直))"
)
